// @vitest-environment jsdom
/**
 * The products list and a product's companies on a phone: a card per product (its name, the
 * link to edit it, at the head; its line, companies and active switch below) and per company
 * (its name and the button removing it at the head, the four figures below, each labelled),
 * carrying the rows' test ids; on a tablet or wider a table as before.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from '../../../lib/i18n';
import { wordingForAppName } from '../../../lib/wording';
import { stubLayoutApis } from '../../../test/layoutStubs';
import { renderScreen } from '../../../test/fakeServer';
import { signedIn, stubServices } from '../../../test/services';
import { CompaniesEditor } from '../CompaniesEditor';
import ProductsList from '../ProductsList';
import type { CompanyDraft, ProductPayload } from '../productForm';

const PHONE = 24.375; // 390 px

const PRODUCTS: ProductPayload[] = [
  { _id: 'p1', name: 'RC Auto', type: null, fields: [{}, {}], companies: { Allianz: {}, Generali: {} }, active: true },
  { _id: 'p2', name: 'Tutela legale', type: null, fields: [], companies: {}, active: false },
];

vi.mock('../useProducts', () => ({
  useManagedProducts: () => ({ products: PRODUCTS, error: null, patch: () => {}, reload: () => {} }),
}));

beforeAll(async () => {
  await initI18n('it', wordingForAppName('assicurapp'), i18next);
});

afterEach(() => document.body.replaceChildren());

function show(ui: ReactNode, widthEm?: number) {
  stubLayoutApis(widthEm);
  return renderScreen(ui, { services: stubServices({ state: signedIn(), session: { invoke: vi.fn(async () => ({})) } }) });
}

describe('the products list', () => {
  it('is cards on a phone: the name links to the product, the switch is labelled', async () => {
    show(<ProductsList />, PHONE);
    const cards = await screen.findAllByTestId('product-row');
    expect(cards.map((card) => card.tagName)).toEqual(['LI', 'LI']);
    const [auto, legal] = cards as [HTMLElement, HTMLElement];
    expect(within(auto).getByRole('link', { name: 'RC Auto' }).getAttribute('href')).toBe('/prodotti/p1');
    expect(within(auto).getByText('Allianz')).toBeTruthy();
    expect((within(auto).getByRole('switch', { name: 'Attivo' }) as HTMLInputElement).checked).toBe(true);
    expect((within(legal).getByRole('switch', { name: 'Attivo' }) as HTMLInputElement).checked).toBe(false);
    // the name is the way to the product on a card: no second link to the same place
    expect(within(auto).getAllByRole('link')).toHaveLength(1);
  });

  it('is a table on a tablet or wider, with the edit button in its column', async () => {
    show(<ProductsList />);
    const rows = await screen.findAllByTestId('product-row');
    expect(rows[0]?.tagName).toBe('TR');
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Modifica' })).toBeTruthy();
  });
});

const COMPANIES: CompanyDraft[] = [
  { name: 'Allianz', provv: 10, istruttoria: 25, qMin: 1, qMax: 3 },
  { name: 'Generali', provv: 12, istruttoria: 0, qMin: 0, qMax: 2 },
];

describe('the companies of a product', () => {
  it('are cards on a phone, each field labelled, and a card removes its own company', async () => {
    const onChange = vi.fn();
    show(<CompaniesEditor companies={COMPANIES} onChange={onChange} problems={{}} known={[]} />, PHONE);
    const cards = await screen.findAllByTestId('company-row');
    expect(cards.map((card) => card.tagName)).toEqual(['LI', 'LI']);
    const generali = cards[1] as HTMLElement;
    expect((within(generali).getByLabelText('Compagnia') as HTMLInputElement).value).toBe('Generali');
    for (const label of ['Provvigione %', 'Istruttoria €']) expect(within(generali).getByText(label)).toBeTruthy();
    fireEvent.click(within(generali).getByRole('button', { name: 'Rimuovi' }));
    expect(onChange).toHaveBeenCalledWith([COMPANIES[0]]);
  });

  it('are a table on a tablet or wider', async () => {
    show(<CompaniesEditor companies={COMPANIES} onChange={() => {}} problems={{}} known={[]} />);
    const rows = await screen.findAllByTestId('company-row');
    expect(rows[0]?.tagName).toBe('TR');
    expect(screen.getAllByRole('button', { name: 'Rimuovi' })).toHaveLength(2);
  });
});
