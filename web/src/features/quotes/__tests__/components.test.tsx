// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppContext } from '../../../session/context';
import type { HostItem, QuoteFilters } from '@sportello/host-api';
import { i18next, initI18n } from '../../../lib/i18n';
import { wordingForAppName } from '../../../lib/wording';
import { DataStore } from '../../../store/store';
import DocumentsSection from '../components/DocumentsSection';
import QuoteToolbar from '../components/QuoteToolbar';
import StatusChanger from '../components/StatusChanger';
import { MB } from '../documents';
import { DEFAULT_FILTERS } from '../quoteLogic';
import { stubLayoutApis } from '../../../test/layoutStubs';
import { stubServices } from '../../../test/services';

const STATI = [
  { id: 0, name: 'In attesa di quotazione', canSelectedBy: ['admin', 'responsabile'], alert: ['admin', 'responsabile'] },
  { id: 1, name: 'Preventivato', canSelectedBy: ['admin', 'responsabile'] },
  { id: 2, name: 'Emissione richiesta', canSelectedBy: [] },
];

beforeAll(async () => {
  stubLayoutApis();
  await initI18n('it', wordingForAppName('assicurapp'), i18next);
});

function setup(role: Record<string, unknown>, invoke: (name: string, data: unknown) => Promise<unknown>) {
  const store = new DataStore();
  const state = {
    phase: 'authenticated', user: { _id: 'me', name: 'Io', role }, settings: { stati: STATI }, usersLoaded: true,
    dataLoadedAt: 1, connected: true, banner: null,
    tenant: { appName: 'assicurapp', wording: wordingForAppName('assicurapp'), products: [], menuOnly: null, maxUploadMb: 20 },
  };
  const services = stubServices({ state, session: { invoke: vi.fn(invoke) }, store });
  const wrap = (ui: ReactNode, url = '/') => {
    const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] });
    return render(
      <MantineProvider>
        <AppContext.Provider value={services}>
          <ModalsProvider>
            <Notifications />
            <RouterProvider router={router} />
          </ModalsProvider>
        </AppContext.Provider>
      </MantineProvider>,
    );
  };
  return { services, store, wrap, invoke: services.session.invoke as ReturnType<typeof vi.fn> };
}

const quote: HostItem = { _id: 'q1', status: 'In attesa di quotazione', allegati: { libretto: { name: 'Libretto', files: ['d1'] } } };

describe('StatusChanger', () => {
  it('offers the statuses canSelectedBy allows and saves with saveData', async () => {
    const { wrap, invoke } = setup({ admin: true }, async () => ({ modifiedCount: 1 }));
    wrap(<StatusChanger quote={quote} />);
    const select = (await screen.findByLabelText('Cambia stato')) as HTMLSelectElement;
    const options = [...select.options].map((o) => [o.value, o.disabled]);
    expect(options).toEqual([['In attesa di quotazione', false], ['Preventivato', false]]);
    fireEvent.change(select, { target: { value: 'Preventivato' } });
    await screen.findByText('Stato preventivo aggiornato');
    expect(invoke).toHaveBeenCalledWith('saveData', { coll: 'preventivi', _id: 'q1', upd: { $set: { status: 'Preventivato' } } });
  });

  it('reports a failed save with the error', async () => {
    const { wrap } = setup({ responsabile: true }, async () => {
      throw new Error('Non puoi impostare lo stato');
    });
    wrap(<StatusChanger quote={quote} />);
    fireEvent.change(await screen.findByLabelText('Cambia stato'), { target: { value: 'Preventivato' } });
    await screen.findByText('Errore aggiornamento preventivo: Non puoi impostare lo stato');
  });

  it('shows agents the status only', async () => {
    const { wrap } = setup({ a: { type: 'agente' } }, async () => ({}));
    wrap(<StatusChanger quote={quote} />);
    expect(await screen.findByText('In attesa di quotazione')).toBeTruthy();
    expect(screen.queryByLabelText('Cambia stato')).toBeNull();
  });
});

describe('QuoteToolbar and the src parameter', () => {
  function Harness({ onChange, initial }: { onChange: (f: QuoteFilters) => void; initial: QuoteFilters }) {
    const location = useLocation();
    const [value, setValue] = useState(initial);
    return (
      <>
        <QuoteToolbar
          quotes={[]}
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
        <output data-testid="search">{location.search}</output>
      </>
    );
  }

  it('takes the search from the URL, writes it back and clearing resets the URL', async () => {
    const { wrap } = setup({ admin: true }, async () => ({}));
    const changes: QuoteFilters[] = [];
    wrap(<Harness initial={DEFAULT_FILTERS} onChange={(f) => changes.push(f)} />, '/preventivi?src=giulia');
    await waitFor(() => expect(changes.at(-1)?.search).toBe('giulia'));
    changes.length = 0;
    fireEvent.change(screen.getByPlaceholderText('Cerca nome, id ...'), { target: { value: 'rossi' } });
    expect(changes.at(-1)?.search).toBe('rossi');
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe('?src=rossi'));
    fireEvent.change(screen.getByPlaceholderText('Cerca nome, id ...'), { target: { value: '' } });
    await waitFor(() => expect(screen.getByTestId('search').textContent).toBe(''));
  });

  it('hides the collaborator filter from agents', async () => {
    const admin = setup({ admin: true }, async () => ({}));
    const first = admin.wrap(<QuoteToolbar quotes={[]} value={DEFAULT_FILTERS} onChange={() => {}} />);
    fireEvent.click(await screen.findByTestId('quote-filters'));
    expect(screen.getByText('Collaboratore')).toBeTruthy();
    first.unmount();
    const agent = setup({ a: {} }, async () => ({}));
    agent.wrap(<QuoteToolbar quotes={[]} value={DEFAULT_FILTERS} onChange={() => {}} />);
    fireEvent.click(await screen.findByTestId('quote-filters'));
    expect(screen.getByText('Stato preventivo')).toBeTruthy();
    expect(screen.queryByText('Collaboratore')).toBeNull();
  });
});

describe('DocumentsSection', () => {
  it('refuses files over 20 MB without uploading', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { wrap } = setup({ admin: true }, async () => ({}));
    const { container } = wrap(<DocumentsSection ownerKind="preventivo" ownerId="q1" />);
    await screen.findByTestId('documents-section');
    const input = container.ownerDocument.querySelector('input[type=file]') as HTMLInputElement;
    const big = new File(['x'], 'enorme.pdf');
    Object.defineProperty(big, 'size', { value: 21 * MB });
    fireEvent.change(input, { target: { files: [big] } });
    await screen.findByText('Non é possibile caricare enorme.pdf in quanto supera la dimensione massima di 20 mega');
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('lists the owner files, asks before deleting and calls deleteAllegato', async () => {
    const { wrap, store, invoke, services } = setup({ admin: true }, async () => ({ ok: true }));
    store.applyBatch({ preventivi: { q1: quote } });
    wrap(<DocumentsSection ownerKind="preventivo" ownerId="q1" />);
    await waitFor(() => expect(services.lookups.request).toHaveBeenCalledWith('docs', 'd1'));
    act(() => {
      store.applyBatch({ docs: { d1: { _id: 'd1', uri: '/upload/t/ab.pdf', name: 'libretto.pdf', owner: { kind: 'preventivo', id: 'q1' } } } });
    });
    const link = await screen.findByRole('link', { name: 'libretto.pdf' });
    expect(link.getAttribute('href')).toBe('/download/t/ab.pdf?n=libretto.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Elimina libretto.pdf' }));
    await screen.findByText('Vuoi davvero eliminare questo allegato?');
    expect(invoke).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Conferma' }));
    await waitFor(() =>
      expect(invoke).toHaveBeenCalledWith('deleteAllegato', { preventivoId: 'q1', uri: '/upload/t/ab.pdf', _id: 'd1' }),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'libretto.pdf' })).toBeNull());
  });

  it('lists the required types first, even empty, each marked present or missing', async () => {
    const { wrap, store } = setup({ admin: true }, async () => ({}));
    store.applyBatch({
      preventivi: { q1: quote },
      docs: { d1: { _id: 'd1', uri: '/upload/t/ab.pdf', name: 'libretto.pdf', type: 'libretto', owner: { kind: 'preventivo', id: 'q1' } } },
    });
    const required = [
      { type: 'documento_identita', label: "Documento d'identità" },
      { type: 'libretto', label: 'Libretto di circolazione' },
    ];
    wrap(<DocumentsSection ownerKind="preventivo" ownerId="q1" required={required} />);
    await screen.findByRole('link', { name: 'libretto.pdf' });
    const marks = screen.getAllByTestId('required-document');
    expect(marks.map((m) => [m.textContent, m.getAttribute('data-present')])).toEqual([
      ['mancante', 'false'],
      ['presente', 'true'],
    ]);
    const labels = screen.getAllByText(/Documento d'identità|Libretto di circolazione/).map((e) => e.textContent);
    expect(labels).toEqual(["Documento d'identità", 'Libretto di circolazione']); // the checklist's order and labels
  });

  it('offers no upload or delete to users who cannot edit', async () => {
    const { wrap, store } = setup({ a: {} }, async () => ({}));
    store.applyBatch({
      preventivi: { q1: quote },
      docs: { d1: { _id: 'd1', uri: '/upload/t/ab.pdf', name: 'libretto.pdf' } },
    });
    wrap(<DocumentsSection ownerKind="preventivo" ownerId="q1" />);
    await screen.findByRole('link', { name: 'libretto.pdf' });
    expect(screen.queryByRole('button', { name: 'Carica' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Elimina libretto.pdf' })).toBeNull();
  });
});
