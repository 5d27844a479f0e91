// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from '../../../lib/i18n';
import { wordingForAppName } from '../../../lib/wording';
import { AppContext } from '../../../session/context';
import { stubLayoutApis } from '../../../test/layoutStubs';
import { stubServices } from '../../../test/services';
import type { Consents, Erasure } from '../api';
import ClientPrivacy from '../ClientPrivacy';

const NONE: Consents = { current: { servizio: null, marketing: null, profilazione: null }, history: [], noticeVersion: 1 };
const kept = (kind: string, label: string) => ({ kind, id: `${kind}-1`, label, reason: 'art. 2220 c.c.', until: '2030-03-31' });
const ERASED: Erasure = {
  clientId: 'c1',
  erasedAt: '2026-11-29T10:00:00Z',
  again: false,
  kept: [kept('chat', 'Chat del preventivo del 01/03/2019'), kept('email', 'E-mail del 10/01/2026: Sollecito rata'), kept('documento', 'polizza.pdf'), kept('nuovo', 'Qualcosa di nuovo')],
  anonymised: [{ kind: 'chat', id: 'x', label: 'Chat del preventivo del 02/05/2025' }],
};

vi.mock('../api', async (original) => ({
  ...(await original<typeof import('../api')>()),
  getConsents: () => Promise.resolve(NONE),
  eraseClient: () => Promise.resolve(ERASED),
}));

beforeAll(async () => {
  stubLayoutApis();
  await initI18n('it', wordingForAppName('assicurapp'), i18next);
  await i18next.loadNamespaces('privacy');
});

function wrap(ui: ReactNode) {
  return render(
    <MantineProvider>
      <AppContext.Provider value={stubServices()}>{ui}</AppContext.Provider>
    </MantineProvider>,
  );
}

/** `fetch` answering the export with `response`; the files the page hands to the browser, by name. */
function exportAnswers(response: () => Response) {
  const fetched = vi.fn(async () => response());
  vi.stubGlobal('fetch', fetched);
  const saved: { name: string; href: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:zip';
  });
  URL.revokeObjectURL = vi.fn();
  return { fetched, saved, blobs };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the client page's privacy block", () => {
  it('offers the export as a ZIP of the data and the files, saying what it holds in plain sight', async () => {
    wrap(<ClientPrivacy clientId="c 1" admin={false} />);
    const button = await screen.findByTestId('privacy-export');
    expect(button.getAttribute('href')).toBe('/api/privacy/clients/c%201/export.zip');
    expect(button.textContent).toBe('Esporta i dati (ZIP)');
    const hint = screen.getByTestId('privacy-export-hint');
    expect(hint.textContent).toBe('I dati in JSON (dati.json), le chat, le e-mail inviate, se conservate, e i file del cliente, fino a 200 MB di file');
    expect(button.getAttribute('aria-describedby')).toBe(hint.id);
    expect(screen.queryByTestId('privacy-erase')).toBeNull();
  });

  it("fetches the export and saves it under the server's name", async () => {
    const { fetched, saved, blobs } = exportAnswers(
      () => new Response('PK\u0003\u0004', { status: 200, headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="dati-cliente-c1.zip"' } }),
    );
    wrap(<ClientPrivacy clientId="c1" admin={false} />);
    fireEvent.click(await screen.findByTestId('privacy-export'));
    await waitFor(() => expect(saved).toEqual([{ name: 'dati-cliente-c1.zip', href: 'blob:zip' }]));
    expect(fetched).toHaveBeenCalledWith('/api/privacy/clients/c1/export.zip', expect.objectContaining({ method: 'GET', credentials: 'same-origin' }));
    expect(await blobs[0]?.text()).toBe('PK\u0003\u0004');
    expect(screen.queryByTestId('privacy-export-error')).toBeNull();
  });

  it("saves nothing on a refusal and says it in the server's words", async () => {
    const { saved } = exportAnswers(
      () => new Response(JSON.stringify({ error: { name: 'NotFound', message: 'Cliente non trovato' } }), { status: 404, headers: { 'content-type': 'application/json' } }),
    );
    wrap(<ClientPrivacy clientId="c1" admin={false} />);
    fireEvent.click(await screen.findByTestId('privacy-export'));
    expect((await screen.findByTestId('privacy-export-error')).textContent).toBe('Cliente non trovato');
    expect(saved).toEqual([]);
  });

  it("lists what the erasure kept with each kind's Italian name", async () => {
    wrap(<ClientPrivacy clientId="c1" admin />);
    fireEvent.click(await screen.findByTestId('privacy-erase'));
    fireEvent.click(await screen.findByTestId('privacy-erase-confirm'));
    const rows = await screen.findAllByTestId('erasure-kept');
    const kinds = rows.map((row) => within(row).getByTestId('erasure-kept-kind').textContent);
    expect(kinds).toEqual(['Chat', 'E-mail', 'File', 'Altro']);
    expect(rows[1]?.textContent).toContain('E-mail del 10/01/2026: Sollecito rata');
    expect(rows[1]?.textContent).toContain('31/03/2030');
    expect(screen.getByTestId('erasure-anonymised').textContent).toBe('Chat del preventivo del 02/05/2025');
  });
});
