// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18next, initI18n } from '../../../lib/i18n';
import { wordingForAppName } from '../../../lib/wording';
import { AppContext, type AppServices } from '../../../session/context';
import { DataStore } from '../../../store/store';
import { stubLayoutApis } from '../../../test/layoutStubs';
import AgentCommissionsPage from '../AgentCommissionsPage';
import type { AgentLines, Report } from '../api';
import ReportPage from '../ReportPage';

// A product line whose plugin failed is left out of the figures and named under
// `missingLines` (core/line_hooks.py): both commission screens say so, and say which.
const answers = vi.hoisted(() => ({ missing: undefined as string[] | undefined }));

vi.mock('../api', () => ({
  fetchReport: async (from: string, to: string): Promise<Report> => ({
    from, to, agents: [], months: [], companies: [], products: [],
    totals: { gross: 0, withholding: 0, net: 0, collected: 0, pending: 0 },
    ...(answers.missing ? { missingLines: answers.missing } : {}),
  }),
  reportExportUrl: () => '/api/report/export',
  fetchAgentLines: async (agentId: string, from: string, to: string): Promise<AgentLines> => ({
    agent: { _id: agentId, name: 'Mario Rossi' }, from, to, lines: [], truncated: false,
    totals: { commission: 0, collected: 0, pending: 0 },
    ...(answers.missing ? { missingLines: answers.missing } : {}),
  }),
}));

vi.mock('../EuroBars', () => ({ default: () => null })); // no room to draw in jsdom

beforeAll(async () => {
  stubLayoutApis();
  await initI18n('it', wordingForAppName('assicurapp'), i18next);
});

afterEach(async () => {
  answers.missing = undefined;
  await changeLanguage('it', i18next);
});

function mount(path: string, screenUi: ReactNode) {
  const state = {
    phase: 'authenticated',
    user: { _id: 'me', role: { admin: true } },
    menu: [],
    lines: [],
    tenant: { title: 'Assicurapp', appName: 'assicurapp', products: [], wording: wordingForAppName('assicurapp') },
  };
  const services = {
    session: { getState: () => state, subscribe: () => () => {}, watch: () => () => {} },
    store: new DataStore((run) => run()),
  } as unknown as AppServices;
  render(
    <MantineProvider>
      <AppContext.Provider value={services}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="Report" element={screenUi} />
            <Route path="ProvvigioniAgente/:aId" element={screenUi} />
          </Routes>
        </MemoryRouter>
      </AppContext.Provider>
    </MantineProvider>,
  );
}

const screens = [
  ['the report', '/Report', <ReportPage key="report" />, 'report-gross'],
  ["an agent's commissions", '/ProvvigioniAgente/a1', <AgentCommissionsPage key="agent" />, 'lines-commission'],
] as const;

describe.each(screens)('%s', (_name, path, screenUi, figure) => {
  it('warns in Italian which lines its totals leave out', async () => {
    answers.missing = ['Noleggio auto', 'Prestiti'];
    mount(path, screenUi);
    const warning = await screen.findByTestId('missing-lines');
    expect(warning.textContent).toContain('Provvigioni incomplete');
    expect(warning.textContent).toContain(
      'Non è stato possibile leggere le provvigioni di Noleggio auto e Prestiti. I totali non le comprendono.',
    );
  });

  it('warns in English too', async () => {
    answers.missing = ['Noleggio auto'];
    await changeLanguage('en', i18next);
    mount(path, screenUi);
    const warning = await screen.findByTestId('missing-lines');
    expect(warning.textContent).toContain('Incomplete commissions');
    expect(warning.textContent).toContain('The commissions of Noleggio auto could not be read. The totals do not include them.');
  });

  it('shows no warning when every line answered', async () => {
    mount(path, screenUi);
    expect(await screen.findByTestId(figure)).toBeTruthy();
    expect(screen.queryByTestId('missing-lines')).toBeNull();
  });
});
