import { describe, expect, it } from 'vitest';
import { listedQuotes, openQuotesByStatus, usersAtWork } from '../homeFigures';
import { roleFlags } from '../../../lib/roles';
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

describe("the employee's figures", () => {
  it('counts every user, lists those waiting for a role by name, counts the suspended', () => {
    const users = [
      { _id: 'a', name: 'Mario Rossi', role: { a: { type: 'agente' } } },
      { _id: 'z', name: 'Zeno Nuovo', role: {} },
      { _id: 'b', name: 'Bruna Nuova', role: null },
      { _id: 's', name: 'Sospeso Senza Ruolo', role: {}, suspended: { at: '2026-01-01' } },
      { _id: 'e', name: 'Davide', role: { e: true }, suspended: { at: '2026-02-01' } },
    ];
    const figures = usersAtWork(users, roleFlags);
    expect(figures.total).toBe(5);
    expect(figures.waiting.map((u) => u._id)).toEqual(['b', 'z']);
    expect(figures.suspended).toBe(2);
  });
});
