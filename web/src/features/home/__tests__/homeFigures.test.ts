import { describe, expect, it } from 'vitest';
import { listedQuotes, openQuotesByStatus } from '../homeFigures';
import type { Item } from '../../../store/store';

const quote = (id: string, extra: Partial<Item> = {}): Item => ({ _id: id, status: 'Preventivato', ...extra });

const quotes: Item[] = [
  quote('a'),
  quote('b', { status: 'In attesa di quotazione' }),
  quote('c', { status: '' }),
  quote('d', { status: null }),
  quote('e', { archived: true }),
  quote('f', { type: 'noleggio' }),
  quote('g', { requestEmission: true, status: 'Emissione richiesta' }),
  quote('h', { quote: { policyId: 'p1' } }),
];

describe('home figures', () => {
  it('counts what the /preventivi list holds: no product line, not archived, every tab', () => {
    expect(listedQuotes(quotes)).toBe(6);
    expect(listedQuotes([])).toBe(0);
  });

  it('counts the open quotes by status, largest first, without the issued ones', () => {
    expect(openQuotesByStatus(quotes, 'Nessuno stato')).toEqual([
      ['Nessuno stato', 2],
      ['Emissione richiesta', 1],
      ['In attesa di quotazione', 1],
      ['Preventivato', 1],
    ]);
  });

  it('labels a quote with no status as the list does', () => {
    expect(openQuotesByStatus([quote('x', { status: undefined })], 'No status')).toEqual([['No status', 1]]);
  });
});
