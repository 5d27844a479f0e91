import { describe, expect, it, vi } from 'vitest';
import { allegatiFiles, downloadUrl, maxUploadBytes, MB, oversized, uploadDocs, UploadError, uploadForm, withinLimit } from '../documents';

describe('documents (SPEC §5, §7)', () => {
  it('limits files to 20 MB, 500 MB on _dev apps', () => {
    expect(maxUploadBytes('assicurapp')).toBe(20 * MB);
    expect(maxUploadBytes('assicurapp_dev')).toBe(500 * MB);
    const files = [{ name: 'a', size: 20 * MB }, { name: 'b', size: 20 * MB + 1 }];
    expect(oversized(files, 'assicurapp').map((f) => f.name)).toEqual(['b']);
    expect(oversized(files, 'assicurapp_dev')).toEqual([]);
    // the tenant's own limit wins when the configuration gives one
    expect(oversized(files, 'assicurapp_dev', 20).map((f) => f.name)).toEqual(['b']);
    expect(maxUploadBytes('assicurapp', 50)).toBe(50 * MB);
  });

  it('builds the download link from the upload uri', () => {
    expect(downloadUrl('/upload/t1/ab/c.pdf', 'Libretto 1.pdf')).toBe('/download/t1/ab/c.pdf?n=Libretto%201.pdf');
  });

  it('posts the form with the token header; a status above 399 fails', async () => {
    const form = uploadForm({ ownerKind: 'preventivo', ownerId: 'q1', docType: 'libretto' }, [new File(['x'], 'a.pdf')]);
    expect(form.get('preventivoId')).toBe('q1');
    expect(form.get('idToUpload')).toBe('libretto');
    expect((form.get('file.0') as File).name).toBe('a.pdf');
    const ok = vi.fn(async () => new Response(JSON.stringify([{ _id: 'd1', uri: '/upload/x', name: 'a.pdf' }]), { status: 200 }));
    expect(await uploadDocs(form, 'tok', ok as unknown as typeof fetch)).toEqual([{ _id: 'd1', uri: '/upload/x', name: 'a.pdf' }]);
    const [url, init] = ok.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/uploadDocs');
    expect((init.headers as Record<string, string>).token).toBe('tok');
    const bad = vi.fn(async () => new Response('{}', { status: 413 }));
    await expect(uploadDocs(form, 'tok', bad as unknown as typeof fetch)).rejects.toBeInstanceOf(UploadError);
    const policy = uploadForm({ ownerKind: 'polizza', ownerId: 'p1', docType: 'x' }, []);
    expect(policy.get('polizzaId')).toBe('p1');
    const claim = uploadForm({ ownerKind: 'sinistro', ownerId: 's1', docType: 'constatazione' }, []);
    expect([claim.get('sinistroId'), claim.get('idToUpload'), claim.get('polizzaId')]).toEqual(['s1', 'constatazione', null]);
  });

  it('reads allegati with ids or file objects', () => {
    expect(allegatiFiles({ libretto: { name: 'Libretto', files: ['d1', { _id: 'd2', uri: '/upload/a', name: 'a' }] }, altro: {} })).toEqual([
      { type: 'libretto', label: 'Libretto', ids: ['d1'], files: [{ _id: 'd2', uri: '/upload/a', name: 'a' }] },
      { type: 'altro', label: 'altro', ids: [], files: [] },
    ]);
    expect(allegatiFiles(null)).toEqual([]);
  });
});

describe('withinLimit', () => {
  it('keeps the files within the limit and names each one over it with the limit', () => {
    const named: [string, number][] = [];
    const files = [{ name: 'a.pdf', size: 20 * MB }, { name: 'b.pdf', size: 20 * MB + 1 }];
    expect(withinLimit(files, 'assicurapp', null, (file, mb) => named.push([file.name, mb]))).toEqual([files[0]]);
    expect(named).toEqual([['b.pdf', 20]]);
  });
});
