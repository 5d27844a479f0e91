import { describe, expect, it } from 'vitest';
import { changedFields, compagnieOf, companyRows, linesOf, nextStatusId, toggleRole } from '../settingsForm';

describe('settings form', () => {
  it('turns companies into rows and back', () => {
    const compagnie = { Allianz: { provv: 12, istruttoria: 30, qMin: 1, qMax: 5 } };
    const rows = companyRows(compagnie);
    expect(rows).toEqual([{ name: 'Allianz', provv: 12, istruttoria: 30, qMin: 1, qMax: 5 }]);
    expect(compagnieOf([...rows, { name: '  ', provv: 0, istruttoria: 0, qMin: 0, qMax: 0 }])).toEqual(compagnie);
  });

  it('reads lines, status ids and role lists', () => {
    expect(linesOf(' RCA \n\nIncendio\nRCA')).toEqual(['RCA', 'Incendio']);
    expect(nextStatusId([{ id: 0, name: 'a' }, { id: 11, name: 'b' }])).toBe(100);
    expect(nextStatusId([{ id: 104, name: 'c' }])).toBe(105);
    expect(toggleRole(undefined, 'a', true)).toEqual(['a']);
    expect(toggleRole(['a', 'admin'], 'a', false)).toEqual(['admin']);
  });

  it('sends only what changed', () => {
    expect(changedFields({ title: 'A', rami: ['x'] }, { title: 'A', rami: ['x', 'y'], plateInQuote: false })).toEqual({ rami: ['x', 'y'], plateInQuote: false });
  });
});
