import { describe, expect, it } from 'vitest';
import { parseDays } from '../../settings/DunningSection';
import { filterOverdue, type OverdueRow } from '../api';

const row = (customer: string, number: string, cover: OverdueRow['cover']): OverdueRow => ({
  policyId: number, number, company: 'Allianz', customer, aId: null, n: 2, due: '2026-01-31', tot: 100,
  daysOverdue: 10, cover, coverLabel: '', suspendedSince: null, suspendsAt: null, resumesAt: null, hoursLeft: null,
});

describe('the overdue list', () => {
  const rows = [row('Laura Bianchi', 'P-1', 'sospesa'), row('Mario Rossi', 'P-2', 'in_copertura')];

  it('searches customer, number and company, every word', () => {
    expect(filterOverdue(rows, 'bianchi', null, (r) => r.cover).map((r) => r.number)).toEqual(['P-1']);
    expect(filterOverdue(rows, 'allianz p-2', null, (r) => r.cover).map((r) => r.number)).toEqual(['P-2']);
    expect(filterOverdue(rows, '', null, (r) => r.cover)).toHaveLength(2);
  });

  it('filters by the cover computed at the clock', () => {
    expect(filterOverdue(rows, '', 'sospesa', (r) => r.cover).map((r) => r.number)).toEqual(['P-1']);
    expect(filterOverdue(rows, '', 'sospesa', () => 'in_copertura')).toEqual([]);
  });
});

describe('the reminder days as the settings screen reads them', () => {
  it('reads whole days, sorted, with the minus sign typed either way', () => {
    expect(parseDays('14, -7, 0,7')).toEqual([-7, 0, 7, 14]);
    expect(parseDays('−60 180')).toEqual([-60, 180]);
    expect(parseDays('')).toEqual([]);
  });

  it('refuses what the server refuses', () => {
    expect(parseDays('-61')).toBeNull();
    expect(parseDays('181')).toBeNull();
    expect(parseDays('7, 7')).toBeNull();
    expect(parseDays('1.5')).toBeNull();
    expect(parseDays('a')).toBeNull();
    expect(parseDays('1 2 3 4 5 6 7 8 9')).toBeNull();
  });
});
