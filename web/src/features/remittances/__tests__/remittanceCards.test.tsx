// @vitest-environment jsdom
/**
 * The remittances' lists on a phone: the collected rows, the remittances issued and the
 * reconciliation's lines are cards carrying the test ids and the figures of the table's cells
 * (the same strings), on a tablet or wider a table as before. Figures written by hand.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from '../../../lib/i18n';
import { wordingForAppName } from '../../../lib/wording';
import { stubLayoutApis } from '../../../test/layoutStubs';
import type { CollectedRow, Reconciliation, Remittance } from '../api';
import CollectedRows from '../components/CollectedRows';
import ReconciliationPanel from '../components/ReconciliationPanel';
import RemittanceList from '../components/RemittanceList';

const PHONE = 24.375; // 390 px

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

const ROW: CollectedRow = {
  policyId: 'p1', number: 'AZ-1', customer: 'Mario Rossi', n: 2, kind: null, instalment: '2',
  paidOn: '2026-10-05', gross: 1234.5, commission: 123.45, toRemit: 1111.05,
};
const REMITTANCE: Remittance = {
  _id: 'r1', company: 'Allianz', from: '2026-10-01', to: '2026-10-31', rows: 1, gross: 1234.5, commission: 123.45,
  amount: 1111.05, status: 'da_pagare', paidOn: null, method: null, methodLabel: null, reference: null, openDifferences: 1,
};
const RECONCILIATION: Reconciliation = {
  _id: 'c1', fileName: 'estratto.csv', importedAt: '2026-11-02T10:00:00Z', lines: 2, ok: 1, differences: 1, open: 1, truncated: false,
  items: [
    { _id: 'l1', number: 'AZ-1', instalment: 2, lines: '12', result: 'ok', ourGross: 1234.5, ourCommission: 123.45, theirGross: 1234.5, theirCommission: 123.45, resolved: false, note: '' },
    { _id: 'l2', number: 'AZ-2', instalment: 1, lines: '13', result: 'importo_diverso', ourGross: 100, ourCommission: 10, theirGross: 101, theirCommission: 10, resolved: false, note: '' },
  ],
};

beforeAll(async () => {
  await initI18n('it', wordingForAppName('assicurapp'), i18next);
});

afterEach(() => document.body.replaceChildren());

function show(ui: ReactNode, widthEm?: number) {
  stubLayoutApis(widthEm);
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  return render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('the collected rows', () => {
  it('are cards on a phone, with the policy at the head and the same euros', async () => {
    show(<CollectedRows figures={{ from: '2026-10-01', to: '2026-10-31', company: 'Allianz', companies: ['Allianz'], rows: [ROW], truncated: false, totals: null }} />, PHONE);
    expect((await screen.findByTestId('remit-rows')).tagName).toBe('UL');
    const card = await screen.findByTestId('remit-row');
    expect(card.tagName).toBe('LI');
    expect(card.dataset.n).toBe('2');
    expect(card.dataset.gross).toBe('1234.5');
    expect(within(card).getByTestId('remit-row-number').textContent).toBe('AZ-1');
    expect(within(card).getByTestId('remit-row-instalment').textContent).toBe('2');
    expect(plain(within(card).getByTestId('remit-row-gross').textContent)).toBe('1.234,50 €');
    expect(within(card).getByText('Da rimettere')).toBeTruthy();
  });

  it('are a table on a tablet or wider', async () => {
    show(<CollectedRows figures={{ from: '2026-10-01', to: '2026-10-31', company: 'Allianz', companies: ['Allianz'], rows: [ROW], truncated: false, totals: null }} />);
    expect((await screen.findByTestId('remit-rows')).tagName).toBe('TABLE');
    expect((await screen.findByTestId('remit-row')).tagName).toBe('TR');
    expect(screen.getByTestId('remit-row-gross').tagName).toBe('TD');
  });

  it('say so when there are none', async () => {
    show(<CollectedRows figures={{ from: '2026-10-01', to: '2026-10-31', company: 'Allianz', companies: ['Allianz'], rows: [], truncated: false, totals: null }} />, PHONE);
    expect(await screen.findByText('Nessun incasso della compagnia nel periodo')).toBeTruthy();
  });
});

describe('the remittances issued', () => {
  it('are cards on a phone with the amount, the open differences and the reconcile button', async () => {
    const onSelect = vi.fn();
    show(<RemittanceList remittances={[REMITTANCE]} selected="r1" onSelect={onSelect} onChanged={() => {}} />, PHONE);
    const card = await screen.findByTestId('remit-item');
    expect(card.tagName).toBe('LI');
    expect(card.querySelector('.sp-list-card-title')?.textContent).toBe('Allianz');
    expect(plain(within(card).getByTestId('remit-item-amount').textContent)).toBe('1.111,05 €');
    expect(within(card).getByTestId('remit-item-open').textContent).toBe('1 differenza aperta');
    within(card).getByTestId('remit-reconcile').click();
    expect(onSelect).toHaveBeenCalledWith('r1');
    expect(card.style.background).toBe('var(--mantine-color-blue-light)');
  });
});

describe("the reconciliation's lines", () => {
  it('are cards on a phone, differences first, with our and their figures and the note to resolve', async () => {
    show(<ReconciliationPanel remittance={REMITTANCE} reconciliation={RECONCILIATION} onChanged={() => {}} />, PHONE);
    const cards = await screen.findAllByTestId('remit-line');
    expect(cards.map((card) => card.dataset.result)).toEqual(['importo_diverso', 'ok']);
    expect(within(cards[0]!).getByTestId('remit-line-number').textContent).toBe('AZ-2');
    expect(plain(within(cards[0]!).getByTestId('remit-line-ours').textContent)).toBe('100,00 €');
    expect(plain(within(cards[0]!).getByTestId('remit-line-theirs').textContent)).toBe('101,00 €');
    expect(within(cards[0]!).getByTestId('remit-line-note-input')).toBeTruthy();
    expect(within(cards[1]!).queryByTestId('remit-line-note-input')).toBeNull();
  });
});
