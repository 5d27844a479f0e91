// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../../lib/i18n';
import { wordingForAppName } from '../../lib/wording';
import { AppContext, type AppServices } from '../../session/context';
import { DataStore } from '../../store/store';
import { stubLayoutApis } from '../../test/layoutStubs';
import { inMenu } from '../access';
import { guarded } from '../Guarded';

beforeAll(async () => {
  stubLayoutApis();
  await initI18n('it', wordingForAppName('assicurapp'), i18next);
});

const Policies = () => <p data-testid="policies-screen">Polizze</p>;
const Screen = guarded(Policies, inMenu('polizze'));

function mount(role: Record<string, unknown>, menuKeys: string[]) {
  const state = {
    phase: 'authenticated',
    user: { _id: 'me', role },
    menu: menuKeys.map((key, order) => ({ key, path: `/${key}`, label: `menu:${key}`, icon: 'x', order })),
    lines: [],
    tenant: { title: 'Assicurapp', appName: 'assicurapp', products: [], wording: wordingForAppName('assicurapp') },
  };
  const services = { session: { getState: () => state, subscribe: () => () => {} }, store: new DataStore((run) => run()) } as unknown as AppServices;
  render(
    <MantineProvider>
      <AppContext.Provider value={services}>
        <MemoryRouter initialEntries={['/polizze']}>
          <Routes>
            <Route path="polizze" element={<Screen />} />
          </Routes>
        </MemoryRouter>
      </AppContext.Provider>
    </MantineProvider>,
  );
}

describe('a guarded screen', () => {
  it('shows the screen to a role whose menu leads there', () => {
    mount({ a: { type: 'agente' } }, ['home', 'preventivi', 'polizze']);
    expect(screen.getByTestId('policies-screen')).toBeTruthy();
    expect(screen.queryByTestId('not-found')).toBeNull();
  });

  it("shows the unknown path's 404 to the employee, never the screen", () => {
    mount({ e: true }, ['utenti', 'area-documentale']);
    expect(screen.getByTestId('not-found')).toBeTruthy();
    expect(screen.getByText('Pagina non trovata')).toBeTruthy();
    expect(screen.queryByTestId('policies-screen')).toBeNull();
  });
});
