// @vitest-environment jsdom
/**
 * A quote's offers and a policy's instalments on a phone: a card per offer (the agent's pick at
 * its head, labelled by the company's name) and per instalment (its state at its head, the
 * admin's buttons across it), carrying the test ids the table's rows and cells carry; on a
 * tablet or wider a table as before. Figures written by hand.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HostItem } from '@sportello/host-api';
import { i18next, initI18n } from '../../../lib/i18n';
import { wordingForAppName } from '../../../lib/wording';
import { stubLayoutApis } from '../../../test/layoutStubs';
import { renderScreen } from '../../../test/fakeServer';
import { signedIn, stubServices } from '../../../test/services';
import QuotationCard from '../components/QuotationCard';
import InstalmentsTable from '../../policies/components/InstalmentsTable';

const PHONE = 24.375; // 390 px

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

beforeAll(async () => {
  await initI18n('it', wordingForAppName('assicurapp'), i18next);
});

afterEach(() => document.body.replaceChildren());

function show(ui: ReactNode, role: Record<string, unknown>, widthEm?: number) {
  stubLayoutApis(widthEm);
  return renderScreen(ui, { services: stubServices({ state: signedIn(role), session: { invoke: vi.fn(async () => ({})) } }) });
}

const QUOTE: HostItem = {
  _id: 'q1',
  price: {
    company: {
      Allianz: { tot: 1222.5, net: 1000, taxTotal: 222.5, taxes: [], frazionamento: 'SEM', note: 'Con franchigia' },
      Generali: { tot: 1100, frazionamento: 'ANN', note: '' },
    },
  },
};

describe('the offers of a quote', () => {
  it('are cards on a phone, the pick labelled by the company and the same euros', async () => {
    const onChoice = vi.fn();
    show(<QuotationCard quote={QUOTE} choice={null} onChoice={onChoice} />, { a: true }, PHONE);
    expect((await screen.findByTestId('offers')).tagName).toBe('UL');
    const cards = screen.getAllByTestId('offer-row');
    expect(cards.map((card) => [card.tagName, card.dataset.company])).toEqual([['LI', 'Allianz'], ['LI', 'Generali']]);
    const allianz = cards[0] as HTMLElement;
    expect(plain(within(allianz).getByTestId('offer-net').textContent)).toBe('1.000,00 €');
    expect(plain(within(allianz).getByTestId('offer-taxes').textContent)).toBe('222,50 €');
    expect(plain(within(allianz).getByTestId('offer-gross').textContent)).toBe('1.222,50 €');
    expect(within(allianz).getByText('Con franchigia')).toBeTruthy();
    // one pick per offer, inside the label with the company's name: a touch on the name picks it
    expect(screen.getAllByTestId('offer-pick')).toHaveLength(2);
    const pick = within(allianz).getByTestId('offer-pick');
    expect(pick.closest('label')?.textContent).toContain('Allianz');
    fireEvent.click(pick);
    expect(onChoice).toHaveBeenCalledWith('Allianz');
  });

  it('are a table on a tablet or wider, the pick in a column of its own', async () => {
    show(<QuotationCard quote={QUOTE} choice={null} onChoice={() => {}} />, { a: true });
    expect((await screen.findByTestId('offers')).tagName).toBe('TABLE');
    expect(screen.getAllByTestId('offer-row')[0]?.tagName).toBe('TR');
    expect(screen.getAllByTestId('offer-gross')[0]?.tagName).toBe('TD');
    expect(screen.getAllByTestId('offer-pick')[0]?.closest('label')).toBeNull();
  });

  it('give an admin the buttons to change and remove each offer on its card', async () => {
    show(<QuotationCard quote={QUOTE} choice={null} onChoice={() => {}} />, { admin: true }, PHONE);
    const allianz = (await screen.findAllByTestId('offer-row'))[0] as HTMLElement;
    expect(within(allianz).getByRole('button', { name: 'Modifica l\'offerta di Allianz' })).toBeTruthy();
    expect(screen.queryByTestId('offer-pick')).toBeNull();
  });
});

const POLICY: HostItem = {
  _id: 'p1',
  rate: [
    { n: 1, cassa: '2026-01-10', price: { tot: 600.88, agente: { tot: 60 } }, paid: true, paidAt: '2026-01-12', paidMethod: null },
    { n: 2, cassa: '2026-07-10', price: { tot: 600.87, agente: { tot: 60 } }, paid: false, info: { SOSP: true } },
    { n: 3, cassa: '2027-01-10', price: { tot: 600.87, agente: { tot: 60 } }, paid: false },
  ],
};

describe('the instalments of a policy', () => {
  it('are cards on a phone, each with its state at the head and its figures', async () => {
    show(<InstalmentsTable policy={POLICY} />, { admin: true }, PHONE);
    expect((await screen.findByTestId('instalments')).tagName).toBe('UL');
    const cards = screen.getAllByTestId('instalment-row');
    expect(cards.map((card) => [card.tagName, card.dataset.paid])).toEqual([['LI', 'yes'], ['LI', 'no'], ['LI', 'no']]);
    expect(cards.map((card) => within(card).getByTestId('instalment-state').textContent)).toEqual(['Pagata il 12/01/2026', 'Sospesa (SOSP)', 'Da pagare']);
    expect(plain(cards[0]?.textContent)).toContain('600,88 €');
    expect(within(cards[2] as HTMLElement).getByTestId('instalment-pay')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByRole('button', { name: 'Riattiva' })).toBeTruthy();
  });

  it('are a table on a tablet or wider', async () => {
    show(<InstalmentsTable policy={POLICY} />, { admin: true });
    expect((await screen.findByTestId('instalments')).tagName).toBe('TABLE');
    expect(screen.getAllByTestId('instalment-row')[0]?.tagName).toBe('TR');
    expect(screen.getAllByTestId('instalment-state')).toHaveLength(3);
  });

  it('give an agent no buttons', async () => {
    show(<InstalmentsTable policy={POLICY} />, { a: true }, PHONE);
    await screen.findByTestId('instalments');
    expect(screen.queryByTestId('instalment-pay')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Riattiva' })).toBeNull();
  });
});
