// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from '../../../lib/i18n';
import { wordingForAppName } from '../../../lib/wording';
import { AppContext } from '../../../session/context';
import { stubLayoutApis } from '../../../test/layoutStubs';
import { stubServices } from '../../../test/services';
import { euros as policyEuros } from '../../policies/policyLogic';
import BalancesOverview from '../BalancesOverview';
import MoneyFigure from '../MoneyFigure';
import { euros } from '../money';

// The money screens show euros the Italian way ('1.234,56 €': a point between thousands, a
// comma before the cents, the sign after), never '€1,234.56'. Figures written by hand.
vi.mock('../api', () => ({
  fetchBalances: async () => ({
    total: 1234.56,
    collaborators: [
      { _id: 'u1', name: 'Mario Rossi', balance: 1234567.8, withholding: '', lastMovement: null },
      { _id: 'u2', name: 'Sara Bianchi', balance: -0.5, withholding: '', lastMovement: null },
    ],
  }),
}));

// Intl puts a (narrow) no-break space before '€' and may use a special minus: plain text here.
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ').replace('\u2212', '-');

beforeAll(async () => {
  stubLayoutApis();
  await initI18n('it', wordingForAppName('assicurapp'), i18next);
});

function wrap(ui: ReactNode) {
  const services = stubServices();
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  return render(
    <MantineProvider>
      <AppContext.Provider value={services}>
        <RouterProvider router={router} />
      </AppContext.Provider>
    </MantineProvider>,
  );
}

describe('the money helpers', () => {
  it.each([
    [123456, '1.234,56 €'],
    [100000000, '1.000.000,00 €'],
    [105000, '1.050,00 €'],
    [99999, '999,99 €'],
    [5, '0,05 €'],
    [0, '0,00 €'],
    [-123456, '-1.234,56 €'],
  ])('%s cents are %s', (cents, shown) => {
    expect(plain(euros(cents))).toBe(shown);
    expect(plain(policyEuros(cents))).toBe(shown);
  });
});

describe('the money screens', () => {
  it('a figure shows its amount in it-IT', () => {
    wrap(<MoneyFigure label="Saldo" cents={123456} testId="figure" />);
    expect(plain(screen.getByTestId('figure').textContent)).toBe('1.234,56 €');
  });

  it('the balances overview shows the total and every balance in it-IT', async () => {
    wrap(<BalancesOverview />);
    expect(plain((await screen.findByTestId('balances-total')).textContent)).toBe('1.234,56 €');
    const rows = await screen.findAllByTestId('balance-row');
    const balances = rows.map((row) => plain(within(row).getAllByRole('cell').at(-1)?.textContent));
    expect(balances).toEqual(['1.234.567,80 €', '-0,50 €']);
  });

  it('on a phone every balance is a card with the same figures, the name at its head', async () => {
    stubLayoutApis(24.375);
    try {
      wrap(<BalancesOverview />);
      const cards = await screen.findAllByTestId('balance-row');
      expect(cards.map((card) => card.tagName)).toEqual(['LI', 'LI']);
      expect(cards.map((card) => card.querySelector('.sp-list-card-title')?.textContent)).toEqual(['Mario Rossi', 'Sara Bianchi']);
      const balances = cards.map((card) => plain([...card.querySelectorAll('.sp-list-card-field')].at(-1)?.lastChild?.textContent));
      expect(balances).toEqual(['1.234.567,80 €', '-0,50 €']);
    } finally {
      stubLayoutApis();
    }
  });
});
