// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { NotFound } from '../../features/errors/NotFoundPage';
import { i18next, initI18n } from '../../lib/i18n';
import { wordingForAppName } from '../../lib/wording';
import { AppContext, type AppServices } from '../../session/context';
import { DataStore } from '../../store/store';
import { stubLayoutApis } from '../../test/layoutStubs';
import { TITLE_DEBOUNCE_MS, useDocumentTitle } from '../useDocumentTitle';
import { usePageTitleText } from '../usePageTitleText';

beforeAll(async () => {
  stubLayoutApis();
  await initI18n('it', wordingForAppName('rcadealer'), i18next);
});

function Title() {
  useDocumentTitle();
  return <h1 data-testid="title">{usePageTitleText()}</h1>;
}

function mount(path: string, store: DataStore) {
  const state = {
    phase: 'authenticated',
    user: { _id: 'me', role: { admin: true } },
    menu: [{ key: 'polizze', path: '/polizze', label: 'menu:polizze', icon: 'x', order: 1 }],
    tenant: { title: 'RCA Dealer', appName: 'rcadealer', products: [], wording: wordingForAppName('rcadealer') },
  };
  const services = { session: { getState: () => state, subscribe: () => () => {} }, store } as unknown as AppServices;
  render(
    <MantineProvider>
      <AppContext.Provider value={services}>
        <MemoryRouter initialEntries={[path]}>
          <Title />
          <Routes>
            <Route path="*" element={path.startsWith('/pagina') ? <NotFound /> : null} />
          </Routes>
        </MemoryRouter>
      </AppContext.Provider>
    </MantineProvider>,
  );
}

const settle = () => act(() => vi.advanceTimersByTimeAsync(TITLE_DEBOUNCE_MS + 1));

describe('the top bar and the browser tab name the record', () => {
  it("show the policy's number, live once the policy arrives", async () => {
    vi.useFakeTimers();
    try {
      const store = new DataStore((run) => run());
      mount('/polizza/p1', store);
      await settle();
      expect(screen.getByTestId('title').textContent).toBe('Polizza');
      act(() => {
        store.applyBatch({ polizze: { p1: { _id: 'p1', number: 'AZ-876B20' } } });
      });
      await settle();
      expect(screen.getByTestId('title').textContent).toBe('Polizza AZ-876B20');
      expect(document.title).toBe('Polizza AZ-876B20 · RCA Dealer');
    } finally {
      vi.useRealTimers();
    }
  });

  it("name the agents' page with the tenant's word and a list by its menu label", async () => {
    vi.useFakeTimers();
    try {
      mount('/Agenti', new DataStore((run) => run()));
      await settle();
      expect(document.title).toBe('Dealers · RCA Dealer');
    } finally {
      vi.useRealTimers();
    }
  });

  it('give the 404 page its own title', async () => {
    vi.useFakeTimers();
    try {
      mount('/pagina-che-non-esiste', new DataStore((run) => run()));
      await settle();
      expect(screen.getByTestId('title').textContent).toBe('Pagina non trovata');
      expect(document.title).toBe('Pagina non trovata · RCA Dealer');
    } finally {
      vi.useRealTimers();
    }
  });
});
