// amounts as formatEuro writes them: a no-break space before the euro sign
import { describe, expect, it } from 'vitest';
import it_ from '../../../locales/it/publicQuote.json';
import { offerToSend, type PublicOffer } from '../api';
import { instalmentsText } from '../offers';

/** The Italian catalogue's wording, with i18next's plain interpolation. */
const t = (key: string, options: Record<string, unknown> = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], it_) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
};

const offer = (instalments: number[], extra: Partial<PublicOffer> = {}): PublicOffer => ({
  company: 'Allianz', tot: 0, note: '', frazionamento: 'MEN', frequencyName: 'Mensile', instalments, ...extra,
});

describe('instalmentsText', () => {
  it('names the first instalment apart when it carries the cents left over', () => {
    // 1000,07 € monthly: 83,44 € then 11 × 83,33 € (as the server schedules it)
    expect(instalmentsText(offer([83.44, ...Array<number>(11).fill(83.33)]), t)).toBe('12 rate: la prima 83,44\u00a0€, le altre 83,33\u00a0€');
  });
  it('says equal instalments once, groups thousands, and a single payment in words', () => {
    expect(instalmentsText(offer([1050, 1050]), t)).toBe('2 rate da 1.050,00\u00a0€');
    expect(instalmentsText(offer([1200]), t)).toBe('una rata da 1.200,00\u00a0€');
    expect(instalmentsText(offer([]), t)).toBe('pagamento unico');
  });
});

describe('offerToSend', () => {
  const two = [offer([1]), offer([1], { company: 'Generali' })];
  it('sends the one picked, or the only one, and nothing when a choice is missing', () => {
    expect(offerToSend(two, 'Generali')).toBe('Generali');
    expect(offerToSend(two, null)).toBeNull();
    expect(offerToSend(two, 'Unipol')).toBeNull();
    expect(offerToSend([offer([1])], null)).toBe('Allianz');
    expect(offerToSend([], null)).toBeNull();
  });
});
