// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../../locales/en/fields.json';
import it_ from '../../../../locales/it/fields.json';
import enCommon from '../../../../locales/en/common.json';
import itCommon from '../../../../locales/it/common.json';
import type { HostItem } from '@sportello/host-api';
import { CustomerFieldsForm } from '../CustomerFieldsForm';
import { parseItalianDate } from '../inputs';

beforeAll(() => {
  // jsdom lacks what Mantine measures with
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const FIELDS: HostItem[] = [
  { _id: 'nome', name: 'Nome', type: 'text', required: true },
  { _id: 'cf', name: 'Codice fiscale', type: 'cf' },
  { _id: 'targa', name: 'Targa veicolo', type: 'targa' },
  { _id: 'atr', name: 'Attestato di rischio', type: 'atr' },
  { _id: 'valore', name: 'Valore veicolo', type: 'valore' },
];

async function i18n(language: 'it' | 'en') {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    resources: { it: { fields: it_, common: itCommon }, en: { fields: en, common: enCommon } },
    ns: ['fields', 'common'],
    defaultNS: 'fields',
    interpolation: { escapeValue: false },
  });
  return instance;
}

const MORE_FIELDS: HostItem[] = [
  { _id: 'uso', name: 'Uso', type: 'Selezione', required: true, options: ['Privato', 'Aziendale'] },
  { _id: 'extra', name: 'Servizi', type: 'Selezione multipla', options: ['Assistenza', 'Cristalli', 'Furto'] },
  { _id: 'nascita', name: 'Data di nascita', type: 'Data' },
  { _id: 'massimale', name: 'Massimale', type: 'massimale' },
];

function Harness({
  errors,
  onValues,
  fields = FIELDS,
  value: initial = {},
}: {
  errors?: Record<string, string>;
  onValues?: (v: Record<string, unknown>) => void;
  fields?: HostItem[];
  value?: Record<string, unknown>;
}) {
  const [value, setValue] = useState<Record<string, unknown>>(initial);
  return (
    <CustomerFieldsForm
      fields={fields}
      value={value}
      errors={errors}
      onChange={(next) => {
        setValue(next);
        onValues?.(next);
      }}
    />
  );
}

async function renderForm(props: Parameters<typeof Harness>[0] = {}, language: 'it' | 'en' = 'it') {
  const instance = await i18n(language);
  const view = render(
    <I18nextProvider i18n={instance}>
      <MantineProvider>
        <Harness {...props} />
      </MantineProvider>
    </I18nextProvider>,
  );
  return { ...view, rerenderWith: (next: Parameters<typeof Harness>[0]) =>
    view.rerender(
      <I18nextProvider i18n={instance}>
        <MantineProvider>
          <Harness {...next} />
        </MantineProvider>
      </I18nextProvider>,
    ) };
}

describe('CustomerFieldsForm', () => {
  it('says a typed Codice Fiscale is wrong once the field is left, and decodes a right one', async () => {
    const onValues = vi.fn();
    await renderForm({ onValues });
    const cf = screen.getByLabelText('Codice fiscale');
    fireEvent.change(cf, { target: { value: 'rssmra85t10a562t' } });
    expect(screen.queryByText('Codice fiscale errato')).toBeNull();
    fireEvent.blur(cf);
    expect(screen.getByText('Codice fiscale errato')).toBeTruthy();
    expect(onValues).toHaveBeenLastCalledWith({ cf: 'RSSMRA85T10A562T' });

    // the town comes from the server's ISTAT list; the place code stands in until it answers
    const facts = { birthDate: '1985-12-10', sex: 'M', placeCode: 'A562', place: 'San Giuliano Terme (PI)', abroad: false };
    const fetch = vi.fn(async () => new Response(JSON.stringify(facts), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    try {
      fireEvent.change(cf, { target: { value: 'RSSMRA85T10A562S' } });
      expect(screen.queryByText('Codice fiscale errato')).toBeNull();
      expect(screen.getByText('Nato il 10/12/1985 · codice luogo A562')).toBeTruthy();
      expect(await screen.findByText('Nato il 10/12/1985 a San Giuliano Terme (PI)')).toBeTruthy();
      expect(fetch).toHaveBeenCalledWith('/api/codice-fiscale/RSSMRA85T10A562S', expect.anything());
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('asks for required fields and checks plates', async () => {
    await renderForm();
    fireEvent.blur(screen.getByLabelText(/Nome/));
    expect(screen.getByText('Campo obbligatorio: Nome')).toBeTruthy();
    const plate = within(screen.getByRole('group', { name: 'Targa veicolo' })).getByLabelText('Numero di targa');
    fireEvent.change(plate, { target: { value: 'ai 123 cd' } });
    fireEvent.blur(plate);
    expect(screen.getByText('Targa non valida')).toBeTruthy();
    fireEvent.change(plate, { target: { value: 'ab 123 cd' } });
    expect(screen.queryByText('Targa non valida')).toBeNull();
    expect((plate as HTMLInputElement).value).toBe('AB123CD');
  });

  it('shows the errors it is given until the field is edited', async () => {
    const view = await renderForm({ errors: { valore: 'Importo non valido' } });
    expect(screen.getByText('Importo non valido')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Valore veicolo'), { target: { value: '1500' } });
    expect(screen.queryByText('Importo non valido')).toBeNull();
    view.rerenderWith({ errors: { nome: 'Campo obbligatorio: Nome' } });
    expect(screen.getByText('Campo obbligatorio: Nome')).toBeTruthy();
  });

  it('sums the claims of the ATR years, main ones and those with equal responsibility', async () => {
    const onValues = vi.fn();
    await renderForm({ onValues });
    const year = (n: number) => String(new Date().getFullYear() - n);
    fireEvent.change(screen.getByLabelText(`Sinistri con responsabilità principale ${year(1)}`), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText(`Sinistri con responsabilità principale ${year(3)}`), { target: { value: '2' } });
    const shares = screen.getByLabelText(`Quote di responsabilità paritaria (%) ${year(3)}`) as HTMLInputElement;
    fireEvent.change(shares, { target: { value: '50, ' } });
    expect(shares.value).toBe('50, '); // kept as typed while the next share comes
    fireEvent.change(shares, { target: { value: '50, 30x' } });
    expect(shares.value).toBe('50, 30');
    expect(screen.getByTestId('atr-total').textContent).toBe('5');
    expect(onValues).toHaveBeenLastCalledWith({
      atr: { years: { [year(1)]: { principali: 1, paritarie: [] }, [year(3)]: { principali: 2, paritarie: [50, 30] } }, total: 5 },
    });
  });

  it('shows an old quote\'s counts as main claims, and offers earlier years up to ten', async () => {
    const old = { years: { [String(new Date().getFullYear() - 2)]: 3 }, total: 3 };
    await renderForm({ value: { atr: old } });
    expect((screen.getByLabelText(`Sinistri con responsabilità principale ${new Date().getFullYear() - 2}`) as HTMLInputElement).value).toBe('3');
    expect(screen.getByTestId('atr-total').textContent).toBe('3');
    for (let i = 0; i < 5; i += 1) fireEvent.click(screen.getByTestId('atr-add-year'));
    expect(within(screen.getByTestId('atr-input')).getAllByRole('row')).toHaveLength(12); // head, ten years, total
    expect(screen.queryByTestId('atr-add-year')).toBeNull();
  });

  it('chooses one option in a native select, and can undo the choice', async () => {
    const onValues = vi.fn();
    await renderForm({ onValues, fields: MORE_FIELDS });
    const select = screen.getByLabelText(/Uso/) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Seleziona', 'Privato', 'Aziendale']);
    fireEvent.change(select, { target: { value: 'Aziendale' } });
    expect(onValues).toHaveBeenLastCalledWith({ uso: 'Aziendale' });
    fireEvent.change(select, { target: { value: '' } });
    expect(onValues).toHaveBeenLastCalledWith({ uso: null });
    fireEvent.blur(select);
    expect(screen.getByText('Campo obbligatorio: Uso')).toBeTruthy();
  });

  it('ticks several options, kept in the order of the options', async () => {
    const onValues = vi.fn();
    await renderForm({ onValues, fields: MORE_FIELDS });
    const group = screen.getByRole('group', { name: 'Servizi' });
    fireEvent.click(within(group).getByLabelText('Furto'));
    fireEvent.click(within(group).getByLabelText('Assistenza'));
    expect(onValues).toHaveBeenLastCalledWith({ extra: ['Assistenza', 'Furto'] });
    fireEvent.click(within(group).getByLabelText('Furto'));
    expect(onValues).toHaveBeenLastCalledWith({ extra: ['Assistenza'] });
  });

  it('takes dates as GG/MM/AAAA within 1900..2099, whatever the browser speaks', async () => {
    const onValues = vi.fn();
    await renderForm({ onValues, fields: MORE_FIELDS });
    const date = screen.getByLabelText('Data di nascita') as HTMLInputElement;
    expect([date.type, date.placeholder]).toEqual(['text', 'GG/MM/AAAA']);
    fireEvent.change(date, { target: { value: '10/12/1985' } });
    expect(onValues).toHaveBeenLastCalledWith({ nascita: '1985-12-10' });
    fireEvent.blur(date);
    expect(date.value).toBe('10/12/1985');
    fireEvent.change(date, { target: { value: '01/01/1850' } });
    fireEvent.blur(date);
    expect(screen.getByText('La data non può essere prima del 01/01/1900')).toBeTruthy();
    expect(onValues).toHaveBeenLastCalledWith({ nascita: null });
    fireEvent.change(date, { target: { value: '31/02/2020' } });
    fireEvent.blur(date);
    expect(screen.getByText('Data non valida: scrivila come GG/MM/AAAA')).toBeTruthy();
    fireEvent.change(date, { target: { value: '2/3/2020' } });
    expect(onValues).toHaveBeenLastCalledWith({ nascita: '2020-03-02' });
    fireEvent.blur(date);
    expect(screen.queryByText(/Data non valida/)).toBeNull();
  });

  it('takes amounts in euro: no minus, two decimals, it-IT once left', async () => {
    const onValues = vi.fn();
    await renderForm({ onValues, fields: MORE_FIELDS });
    const amount = screen.getByLabelText('Massimale') as HTMLInputElement;
    expect(amount.inputMode).toBe('decimal');
    expect(screen.getByText('€')).toBeTruthy();
    fireEvent.focus(amount);
    fireEvent.change(amount, { target: { value: '-1500,456' } });
    expect(amount.value).toBe('1500,45');
    expect(onValues).toHaveBeenLastCalledWith({ massimale: 1500.45 });
    fireEvent.blur(amount);
    expect(amount.value).toBe('1.500,45');
    fireEvent.focus(amount);
    expect(amount.value).toBe('1.500,45'); // kept and selected: typing replaces it
    expect([amount.selectionStart, amount.selectionEnd]).toEqual([0, '1.500,45'.length]);
    fireEvent.change(amount, { target: { value: '' } });
    expect(onValues).toHaveBeenLastCalledWith({ massimale: null });
  });

  it('speaks English when asked', async () => {
    await renderForm({}, 'en');
    const cf = screen.getByLabelText('Codice fiscale');
    fireEvent.change(cf, { target: { value: '00743110158' } });
    fireEvent.blur(cf);
    expect(screen.getByText('Invalid VAT number')).toBeTruthy();
  });
});

describe('parseItalianDate', () => {
  it.each([
    ['10/12/1985', '1985-12-10'],
    ['1/2/2020', '2020-02-01'],
    ['1985-12-10', '1985-12-10'],
    ['31/02/2020', null],
    ['01/01/1899', null],
    ['01/01/2100', null],
    ['ieri', null],
  ])('reads %s as %s', (text, iso) => expect(parseItalianDate(text)).toBe(iso));
});
