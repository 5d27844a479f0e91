import { describe, expect, it } from 'vitest';
import { clampEuro, earningsAt, firstInstalmentAt, sliderBounds } from '../lib/practiceMoney';
import { bandOf, saveBody, sortedRows, tegmProblems, draftOf, type TegmRow } from '../lib/tegmTable';

const COMPANIES = { 'IBL Banca': { qMin: 1, qMax: 4 }, 'Banca Sella': { qMin: '1', qMax: '4' }, Vuota: {} };

describe('the consultancy slider in euro', () => {
  it('runs from qMin to qMax % of the instalment, starting at the midpoint', () => {
    // Banca Sella: 1 % .. 4 % of 303,43 € → 3,03 € .. 12,14 €, midpoint 2,5 % → 7,59 € (as test_practice.py)
    expect(sliderBounds(COMPANIES, 'Banca Sella', 303.43)).toEqual({ low: 3.03, high: 12.14, midpoint: 7.59 });
    expect(sliderBounds(COMPANIES, 'IBL Banca', 222.04)).toEqual({ low: 2.22, high: 8.88, midpoint: 5.55 });
  });

  it('has no bounds before the instalment or without the institute\'s', () => {
    expect(sliderBounds(COMPANIES, 'IBL Banca', null)).toBeNull();
    expect(sliderBounds(COMPANIES, 'Vuota', 100)).toBeNull();
    expect(sliderBounds(COMPANIES, 'Altro', 100)).toBeNull();
    expect(sliderBounds(undefined, 'IBL Banca', 100)).toBeNull();
  });

  it('keeps a position to the cent within the bounds', () => {
    const bounds = { low: 3.03, high: 12.14, midpoint: 7.59 };
    expect([clampEuro(1, bounds), clampEuro(20, bounds), clampEuro(7.005, bounds), clampEuro(5.1, bounds)]).toEqual([3.03, 12.14, 7.01, 5.1]);
  });
});

describe('the first instalment', () => {
  it('is the instalment plus the consultancy (SPEC §9)', () => {
    expect(firstInstalmentAt(303.43, 7.59)).toBe(311.02);
    expect(firstInstalmentAt(0.1, 0.2)).toBe(0.3);
    expect(firstInstalmentAt(null, 7.59)).toBeNull();
    expect(firstInstalmentAt(303.43, null)).toBeNull();
  });
});

describe('the earnings at the slider', () => {
  const server = { qFattura: '7.59', primaRata: '311.02', istruttoria: '80.00', consulenza: '3.80', total: '83.80', platform: '123.79' };

  it('are the server\'s at its own consultancy', () => {
    expect(earningsAt(server, 7.59, 50)).toEqual({ qFattura: 7.59, istruttoria: 80, consulenza: 3.8, total: 83.8, platform: 123.79 });
    expect(earningsAt(server, null, 50)?.total).toBe(83.8);
  });

  it('restate the consultancy share at another amount, half up, and the platform the rest', () => {
    // 50 % of 12,13 € = 6,065 → 6,07; platform: 200 istruttoria − 80 + 12,13 − 6,07 = 126,06
    expect(earningsAt(server, 12.13, 50)).toEqual({ qFattura: 12.13, istruttoria: 80, consulenza: 6.07, total: 86.07, platform: 126.06 });
    expect(earningsAt({ ...server, platform: undefined }, 12.13, 50)?.platform).toBeNull();
  });
});

describe('the usury table', () => {
  const row = (patch: Partial<TegmRow>): TegmRow => ({
    _id: 'r', category: 'Credito personale', tegm: '10.85', above: '0', upTo: null,
    from: '2026-10-01', to: '2026-12-31', threshold: '17.56', band: 'ogni importo', ...patch,
  });

  it('shows the newest period first, then by category and band', () => {
    const rows = [
      row({ _id: 'old', from: '2026-07-01' }),
      row({ _id: 'cq-high', category: 'Prestiti contro cessione del quinto dello stipendio e della pensione', above: '15000' }),
      row({ _id: 'cq-low', category: 'Prestiti contro cessione del quinto dello stipendio e della pensione', upTo: '15000' }),
      row({ _id: 'cp' }),
    ];
    expect(sortedRows(rows).map((r) => r._id)).toEqual(['cp', 'cq-low', 'cq-high', 'old']);
  });

  it('names the amount band', () => {
    expect(bandOf(row({}))).toEqual({ key: 'usury.bandAny', values: {} });
    expect(bandOf(row({ upTo: '15000' })).key).toBe('usury.bandUpTo');
    expect(bandOf(row({ above: '15000' })).key).toBe('usury.bandAbove');
    expect(bandOf(row({ above: '5000', upTo: '15000' })).key).toBe('usury.bandBetween');
  });

  it('checks a line and sends it as salvaTegm takes it', () => {
    const draft = draftOf(row({ upTo: '15000' }));
    expect(tegmProblems(draft)).toEqual({});
    expect(saveBody(draft)).toEqual({ _id: 'r', category: 'Credito personale', tegm: 10.85, above: 0, upTo: 15000, from: '2026-10-01', to: '2026-12-31' });
    expect(tegmProblems({ ...draft, tegm: null, upTo: 0, to: '2026-01-01' })).toEqual({ tegm: 'errors.tegm', upTo: 'errors.band', to: 'errors.days' });
    expect('_id' in saveBody(draftOf(null))).toBe(false);
  });
});
