import { describe, expect, it } from 'vitest';
import { agentTree, filterUsers, formFromProvv, heldRoles, parseRate, provvFromForm, roleFromForm } from '../people';

const users = [
  { _id: 'u1', name: 'Mario Rossi', email: 'agente@demo.it', role: { a: { type: 'agente' } } },
  { _id: 'u2', name: 'Sara Bianchi', email: 'sub@demo.it', role: { a: { aId: 'u1' } } },
  { _id: 'u3', name: 'Alessandra', email: 'admin@demo.it', role: { admin: true } },
  { _id: 'u4', name: 'Orfano', email: 'o@demo.it', role: { a: { aId: 'hidden' } }, suspended: { at: '2026-11-03T13:05:00Z' } },
];

describe('people rules', () => {
  it('filters by text, role and suspension', () => {
    expect(filterUsers(users, { text: 'ROSSI', role: '', suspended: 'all' }).map((u) => u._id)).toEqual(['u1']);
    expect(filterUsers(users, { text: '', role: 'a', suspended: 'active' }).map((u) => u._id)).toEqual(['u1', 'u2']);
    expect(filterUsers(users, { text: '', role: '', suspended: 'suspended' }).map((u) => u._id)).toEqual(['u4']);
    expect(heldRoles({ admin: true, a: { type: 'agente' } })).toEqual(['admin', 'a']);
  });

  it('builds the agents tree', () => {
    const tree = agentTree(users);
    expect(tree.map((n) => [n.user._id, n.children.map((c) => c._id)])).toEqual([
      ['u1', ['u2']],
      ['u4', []],
    ]);
  });

  it('reads and writes rates exactly', () => {
    expect(parseRate('12,5')).toBe(12.5);
    expect(parseRate('')).toBeNull();
    for (const bad of ['101', '-1', '1,234', 'dieci', '1e2']) expect(parseRate(bad)).toBe('invalid');
    const provv = provvFromForm({ rca: { provvEmissione: '12,5', provvIstruttoria: '', provvConsulenza: '3' } }, '10');
    expect(provv).toEqual({ default: 10, rca: { provvEmissione: 12.5, provvConsulenza: 3 } });
    expect(formFromProvv(provv)).toEqual({ defaultRate: '10', form: { rca: { provvEmissione: '12,5', provvIstruttoria: '', provvConsulenza: '3' } } });
    expect(provvFromForm({}, '200')).toBe('invalid');
  });

  it('makes the role object', () => {
    expect(roleFromForm(['a'], 'agente', 'p1')).toEqual({ a: { type: 'agente', aId: 'p1' } });
    expect(roleFromForm(['admin', 'segnalatore'], '', '')).toEqual({ admin: true, segnalatore: true });
  });
});
