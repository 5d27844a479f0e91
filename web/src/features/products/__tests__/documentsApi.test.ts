// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http';
import { OfflineError } from '../../../lib/offline';
import { productDocumentUrl, uploadProductDocument } from '../documentsApi';

/** A stand-in for the browser's XMLHttpRequest: records what is sent, answers when told. */
class FakeRequest {
  static last: FakeRequest | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeRequest.last = this;
  }
  answer(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

const sent = () => {
  expect(FakeRequest.last).not.toBeNull();
  return FakeRequest.last!;
};
const pdf = new File(['%PDF-1.4'], 'DIP.pdf', { type: 'application/pdf' });
const DOC = { _id: 'd1', kind: 'dip', title: 'DIP', name: 'DIP.pdf', sha256: 'a'.repeat(64), size: 8, at: '2026-11-30T10:00:00+00:00' };

beforeEach(() => {
  FakeRequest.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("uploading a product's document", () => {
  it('posts the kind and the file, reports the share sent and resolves with the document', async () => {
    const progress: number[] = [];
    const done = uploadProductDocument('p/1', 'dip', pdf, (share) => progress.push(share));
    const request = sent();
    expect([request.method, request.url]).toEqual(['POST', '/api/products/p%2F1/documents']);
    expect(request.body?.get('kind')).toBe('dip');
    expect((request.body?.get('file') as File).name).toBe('DIP.pdf');
    request.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    request.upload.onprogress?.({ lengthComputable: false, loaded: 0, total: 0 });
    request.answer(200, JSON.stringify(DOC));
    await expect(done).resolves.toEqual(DOC);
    expect(progress).toEqual([0.25]);
  });

  it("rejects with the server's Italian message and status on a refusal", async () => {
    const done = uploadProductDocument('p1', 'condizioni', pdf);
    sent().answer(400, JSON.stringify({ error: { name: 'ClientError', message: 'Il documento del prodotto deve essere un PDF' } }));
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'Il documento del prodotto deve essere un PDF', status: 400 });
  });

  it('rejects with the status when the answer is not JSON (a proxy page)', async () => {
    const done = uploadProductDocument('p1', 'dip', pdf);
    sent().answer(502, '<html>Bad gateway</html>');
    await expect(done).rejects.toMatchObject({ message: 'Errore 502', status: 502 });
  });

  it('rejects with an empty message when the server cannot be reached', async () => {
    const done = uploadProductDocument('p1', 'dip', pdf);
    sent().onerror?.();
    await expect(done).rejects.toMatchObject({ message: '', status: 0 });
  });

  it('refuses at once, sending nothing, when the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(uploadProductDocument('p1', 'dip', pdf)).rejects.toBeInstanceOf(OfflineError);
    expect(FakeRequest.last).toBeNull();
  });

  it("names a document's file under its product", () => {
    expect(productDocumentUrl('p1', 'd 2')).toBe('/api/products/p1/documents/d%202');
  });
});
