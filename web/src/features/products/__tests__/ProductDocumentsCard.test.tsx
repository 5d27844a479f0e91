// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http';
import { i18next, initI18n } from '../../../lib/i18n';
import { wordingForAppName } from '../../../lib/wording';
import { AppContext } from '../../../session/context';
import { stubLayoutApis } from '../../../test/layoutStubs';
import { stubServices } from '../../../test/services';
import { DataStore } from '../../../store/store';
import { listProductDocuments, uploadProductDocument } from '../documentsApi';
import { ProductDocumentsCard } from '../ProductDocumentsCard';
import type { ProductDocument } from '../productDocuments';

vi.mock('../documentsApi', async (original) => ({
  ...(await original<typeof import('../documentsApi')>()),
  listProductDocuments: vi.fn(),
  uploadProductDocument: vi.fn(),
}));
const list = vi.mocked(listProductDocuments);
const upload = vi.mocked(uploadProductDocument);

const SHA = 'ab12cd34ef56'.padEnd(64, '0');
const DIP: ProductDocument = { _id: 'd1', kind: 'dip', title: 'DIP', name: 'DIP RC Auto.pdf', sha256: SHA, size: 34_816, at: '2026-11-20T09:30:00+00:00' };
const PRODUCT = 'p'.repeat(24);

beforeAll(async () => {
  stubLayoutApis();
  await initI18n('it', wordingForAppName('assicurapp'), i18next);
  await i18next.loadNamespaces('products');
});

beforeEach(() => {
  list.mockReset();
  upload.mockReset();
});

function wrap(ui: ReactNode, store = new DataStore()) {
  const state = { tenant: { appName: 'assicurapp', maxUploadMb: 1 } };
  return render(
    <MantineProvider>
      <AppContext.Provider value={stubServices({ state, store })}>{ui}</AppContext.Provider>
    </MantineProvider>,
  );
}

async function shown(canUpload = true, listed: ProductDocument[] = [DIP]) {
  list.mockResolvedValue(listed);
  wrap(<ProductDocumentsCard productId={PRODUCT} canUpload={canUpload} />);
  return screen.findByTestId('product-document-dip');
}

const row = (kind: string) => screen.getByTestId(`product-document-${kind}`);
const pdf = (name = 'Condizioni.pdf', size = 2048) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const pick = (kind: string, file: File) => {
  const input = row(kind).querySelector<HTMLInputElement>('input[type="file"]');
  expect(input).not.toBeNull();
  fireEvent.change(input!, { target: { files: [file] } });
};

describe("a product's company documents", () => {
  it('lists the three kinds, the current file with its size, date, short SHA-256 and download link', async () => {
    await shown();
    expect(list).toHaveBeenCalledWith(PRODUCT);
    const dip = within(row('dip'));
    expect(dip.getByText('DIP')).toBeTruthy();
    const link = dip.getByTestId('product-document-name');
    expect(link.textContent).toBe('DIP RC Auto.pdf');
    expect(link.getAttribute('href')).toBe(`/api/products/${PRODUCT}/documents/d1`);
    expect(dip.getByText(/^34 KB · caricato il 20\/11\/2026 10:30 ·$/)).toBeTruthy();
    expect(dip.getByTestId('product-document-sha').textContent).toBe('SHA-256 ab12cd34ef56');
    expect(dip.getByRole('link', { name: 'Scarica DIP RC Auto.pdf' }).getAttribute('download')).toBe('DIP RC Auto.pdf');
    expect(dip.getByRole('button', { name: 'Sostituisci DIP' })).toBeTruthy();
    const others: [string, string][] = [['dip_aggiuntivo', 'DIP aggiuntivo'], ['condizioni', 'Condizioni di assicurazione']];
    for (const [kind, label] of others) {
      const other = within(row(kind));
      expect(other.getByText(label)).toBeTruthy();
      expect(other.getByText('Non ancora caricato')).toBeTruthy();
      expect(other.queryByRole('link')).toBeNull();
      expect(other.getByRole('button', { name: `Carica PDF: ${label}` })).toBeTruthy();
    }
    expect(screen.getByText(/quelle già fatte ai clienti conservano il file precedente/)).toBeTruthy();
  });

  it('shows the progress while uploading, then the new file in its row', async () => {
    await shown();
    let finish: (document: ProductDocument) => void = () => undefined;
    upload.mockImplementation((_product, _kind, _file, onProgress) => {
      onProgress?.(0.4);
      return new Promise((resolve) => (finish = resolve));
    });
    const file = pdf();
    pick('condizioni', file);
    expect(upload).toHaveBeenCalledWith(PRODUCT, 'condizioni', file, expect.any(Function));
    const bar = await within(row('condizioni')).findByRole('progressbar');
    expect(bar.getAttribute('aria-label')).toBe('Caricamento di Condizioni.pdf: 40%');
    await act(async () => finish({ ...DIP, _id: 'd2', kind: 'condizioni', name: 'Condizioni.pdf', size: 2048, sha256: 'f'.repeat(64) }));
    const condizioni = within(row('condizioni'));
    expect(condizioni.getByTestId('product-document-name').textContent).toBe('Condizioni.pdf');
    expect(condizioni.getByText(/2 KB · caricato il/)).toBeTruthy();
    expect(condizioni.queryByRole('progressbar')).toBeNull();
    expect(condizioni.getByRole('button', { name: 'Sostituisci Condizioni di assicurazione' })).toBeTruthy();
    expect(within(row('dip')).getByTestId('product-document-name').textContent).toBe('DIP RC Auto.pdf');
  });

  it('replaces the current file of a kind with the one uploaded', async () => {
    await shown();
    upload.mockResolvedValue({ ...DIP, _id: 'd3', name: 'DIP 2027.pdf', sha256: '9'.repeat(64) });
    await act(async () => pick('dip', pdf('DIP 2027.pdf')));
    const dip = within(row('dip'));
    expect(dip.getByTestId('product-document-name').textContent).toBe('DIP 2027.pdf');
    expect(dip.getByTestId('product-document-name').getAttribute('href')).toBe(`/api/products/${PRODUCT}/documents/d3`);
    expect(screen.getAllByTestId('product-document-name')).toHaveLength(1);
  });

  it("shows the server's Italian message when it refuses the file, and keeps the row as it was", async () => {
    await shown();
    upload.mockRejectedValue(new HttpError('Il documento del prodotto deve essere un PDF', 400));
    await act(async () => pick('dip', new File(['ciao'], 'nota.txt', { type: 'text/plain' })));
    const dip = within(row('dip'));
    expect(dip.getByTestId('product-document-error').textContent).toBe('Il documento del prodotto deve essere un PDF');
    expect(dip.getByTestId('product-document-name').textContent).toBe('DIP RC Auto.pdf');
    expect(dip.queryByRole('progressbar')).toBeNull();
  });

  it('refuses a file over the upload limit without sending it', async () => {
    await shown();
    await act(async () => pick('dip_aggiuntivo', pdf('Grande.pdf', 1024 * 1024 + 1)));
    expect(upload).not.toHaveBeenCalled();
    expect(within(row('dip_aggiuntivo')).getByTestId('product-document-error').textContent).toBe(
      'Non é possibile caricare Grande.pdf in quanto supera la dimensione massima di 1 mega',
    );
  });

  it('says so when the server cannot be reached', async () => {
    await shown();
    upload.mockRejectedValue(new HttpError('', 0));
    await act(async () => pick('dip', pdf()));
    expect(within(row('dip')).getByTestId('product-document-error').textContent).toBe('Il server non risponde: riprova tra poco');
  });

  it('gives a user who may not edit products no upload button, only the downloads', async () => {
    await shown(false);
    expect(screen.queryAllByTestId('product-document-upload')).toHaveLength(0);
    expect(document.querySelector('input[type="file"]')).toBeNull();
    expect(screen.queryByText(/conservano il file precedente/)).toBeNull();
    expect(within(row('dip')).getByRole('link', { name: 'Scarica DIP RC Auto.pdf' })).toBeTruthy();
  });

  it("shows the server's message when the list cannot be read", async () => {
    list.mockRejectedValue(new HttpError('Prodotto non trovato', 404));
    wrap(<ProductDocumentsCard productId={PRODUCT} canUpload />);
    expect((await screen.findByRole('alert')).textContent).toBe('Impossibile leggere i documenti del prodotto: Prodotto non trovato');
    expect(screen.queryByTestId('product-document-dip')).toBeNull();
  });
  it('shows live an upload made on another screen, and nothing of another product', async () => {
    const store = new DataStore();
    list.mockResolvedValue([DIP]);
    wrap(<ProductDocumentsCard productId={PRODUCT} canUpload />, store);
    await screen.findByTestId('product-document-dip');
    const newer = { ...DIP, _id: 'd2', pId: PRODUCT, name: 'DIP 2027.pdf', at: '2026-11-29T08:00:00+00:00' };
    const elsewhere = { ...DIP, _id: 'd3', pId: 'x'.repeat(24), kind: 'condizioni', name: 'Altro.pdf', at: '2026-11-30T08:00:00+00:00' };
    act(() => {
      store.applyChange('documentiProdotto', { operationType: 'insert', p: newer } as never);
      store.applyChange('documentiProdotto', { operationType: 'insert', p: elsewhere } as never);
    });
    expect(within(row('dip')).getByTestId('product-document-name').textContent).toBe('DIP 2027.pdf');
    expect(within(row('condizioni')).getByText('Non ancora caricato')).toBeTruthy();
  });

  it('clears a refusal once a document of the kind lands from another screen', async () => {
    const store = new DataStore();
    list.mockResolvedValue([]);
    upload.mockRejectedValue(new HttpError('Il documento del prodotto deve essere un PDF', 400));
    wrap(<ProductDocumentsCard productId={PRODUCT} canUpload />, store);
    await screen.findByTestId('product-document-dip');
    pick('dip', pdf('dip.pdf'));
    await within(row('dip')).findByText('Il documento del prodotto deve essere un PDF');
    act(() => store.applyChange('documentiProdotto', { operationType: 'insert', p: { ...DIP, pId: PRODUCT } } as never));
    expect(within(row('dip')).getByTestId('product-document-name').textContent).toBe('DIP RC Auto.pdf');
    expect(within(row('dip')).queryByText('Il documento del prodotto deve essere un PDF')).toBeNull();
  });

  it('keeps the newer listed file when the stream still holds the one it replaced', async () => {
    const store = new DataStore();
    const older = { ...DIP, _id: 'd0', pId: PRODUCT, name: 'DIP 2025.pdf', at: '2025-01-01T08:00:00+00:00' };
    store.setCollection('documentiProdotto', { d0: older as never });
    list.mockResolvedValue([DIP]);
    wrap(<ProductDocumentsCard productId={PRODUCT} canUpload />, store);
    await screen.findByTestId('product-document-dip');
    expect(within(row('dip')).getByTestId('product-document-name').textContent).toBe('DIP RC Auto.pdf');
  });
});
