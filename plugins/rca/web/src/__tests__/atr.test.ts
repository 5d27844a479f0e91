/**
 * The CU calculator's table (src/lib/atr.ts) → the `rca.classe` call:
 * `{atr: [{anno, principali, paritarie}], classeIniziale?}`, oldest year first; what cannot be
 * sent is refused per row, the rest the server judges (plugins/rca/rules/cu.py).
 */
import { describe, expect, it } from 'vitest';
import { asCuAnswer, cuRequest, defaultAtrRows, nextAtrRow, rowsWithClaims, type AtrRow } from '../lib/atr';
import { asPlateDetail } from '../lib/records';

const row = (anno: string, principali = '0', paritarie = ''): AtrRow => ({ anno, principali, paritarie });

describe('the table a calculation starts from', () => {
  it('is the last five years, without claims', () => {
    expect(defaultAtrRows(2026).map((r) => r.anno)).toEqual(['2021', '2022', '2023', '2024', '2025']);
    expect(defaultAtrRows(2026).every((r) => r.principali === '0' && r.paritarie === '')).toBe(true);
  });

  it('adds the year after the last, or last year to an empty table', () => {
    expect(nextAtrRow([row('2019'), row('2023'), row('x')], 2026).anno).toBe('2024');
    expect(nextAtrRow([], 2026).anno).toBe('2025');
  });
});

describe('the call payload', () => {
  it('carries the years as numbers, oldest first, with the shares as a list', () => {
    const rows = [row('2024', '1', ''), row('2020'), row('2022', '', '50'), row('2021', '0', '30, 20'), row(' 2023 ', ' 2 ', '10;15 25%')];
    expect(cuRequest(rows, '', 2026)).toEqual({
      problems: null,
      request: {
        atr: [
          { anno: 2020, principali: 0, paritarie: [] },
          { anno: 2021, principali: 0, paritarie: [30, 20] },
          { anno: 2022, principali: 0, paritarie: [50] },
          { anno: 2023, principali: 2, paritarie: [10, 15, 25] },
          { anno: 2024, principali: 1, paritarie: [] },
        ],
      },
    });
  });

  it('sends the starting class only when one is given', () => {
    expect(cuRequest([row('2024', '4')], '1', 2026).request).toEqual({ atr: [{ anno: 2024, principali: 4, paritarie: [] }], classeIniziale: 1 });
    expect(cuRequest([row('2024')], ' ', 2026).request).not.toHaveProperty('classeIniziale');
  });

  it('names each problem of a row, and sends nothing', () => {
    const rows = [row('20x4'), row('2027'), row('1949'), row('2020', '-1'), row('2021', '1.5'), row('2022', '0', '51'), row('2023', '0', '0'), row('2024', '0', 'metà')];
    const { request, problems } = cuRequest(rows, '', 2026);
    expect(request).toBeNull();
    expect(problems?.rows).toEqual([
      { anno: 'errors.atrYear' },
      { anno: 'errors.atrYear' }, // a year still to come
      { anno: 'errors.atrYear' },
      { principali: 'errors.atrClaims' },
      { principali: 'errors.atrClaims' },
      { paritarie: 'errors.atrShares' },
      { paritarie: 'errors.atrShares' },
      { paritarie: 'errors.atrShares' },
    ]);
  });

  it('refuses a year given twice, an empty table, a table too long and a class outside 1-18', () => {
    expect(cuRequest([row('2023'), row('2024'), row('2023')], '', 2026).problems?.rows).toEqual([
      { anno: 'errors.atrRepeated' },
      {},
      { anno: 'errors.atrRepeated' },
    ]);
    expect(cuRequest([], '', 2026).problems?.table).toBe('errors.atrEmpty');
    expect(cuRequest(defaultAtrRows(2026, 31), '', 2026).problems?.table).toBe('errors.atrTooLong');
    for (const start of ['0', '19', '-3', '1e1', 'quattordici']) {
      expect(cuRequest([row('2024')], start, 2026).problems?.classeIniziale).toBe('errors.cuClass');
    }
  });

  it('abuse: a huge claims count or injected text is refused, not sent', () => {
    expect(cuRequest([row('2024', '100')], '', 2026).request).toBeNull();
    expect(cuRequest([row('2024', '0', '50); DROP TABLE')], '', 2026).request).toBeNull();
  });
});

describe("the server's answer", () => {
  it('is the class and the derivation', () => {
    const passi = ['Ingresso: classe 14 (veicolo assicurato per la prima volta)', '2024: 1 sinistro con responsabilità principale → classe 16'];
    expect(asCuAnswer({ classe: 16, passi })).toEqual({ classe: 16, passi });
  });

  it('is nothing when it holds no class between 1 and 18, and drops steps that are no text', () => {
    expect(asCuAnswer({ classe: 0, passi: [] })).toBeNull();
    expect(asCuAnswer({ classe: 19 })).toBeNull();
    expect(asCuAnswer(null)).toBeNull();
    expect(asCuAnswer({ classe: 9, passi: ['a', 3, null] })).toEqual({ classe: 9, passi: ['a'] });
  });
});

describe('the years the registered claims make', () => {
  const typed: AtrRow[] = [
    { anno: '2023', principali: '0', paritarie: '' },
    { anno: ' 2024 ', principali: '0', paritarie: '' },
    { anno: '2025', principali: '1', paritarie: '30' },
  ];

  it('replace the years they name, add those missing, keep the others, oldest first', () => {
    const rows = rowsWithClaims(typed, [
      { anno: 2026, principali: 0, paritarie: [50] },
      { anno: 2024, principali: 2, paritarie: [33, 25] },
    ]);
    expect(rows).toEqual([
      { anno: '2023', principali: '0', paritarie: '' },
      { anno: '2024', principali: '2', paritarie: '33, 25' },
      { anno: '2025', principali: '1', paritarie: '30' },
      { anno: '2026', principali: '0', paritarie: '50' },
    ]);
  });

  it('leave the table as typed when there are none', () => {
    expect(rowsWithClaims(typed, [])).toEqual([...typed].sort((a, b) => Number(a.anno) - Number(b.anno)));
  });

  it('are read from the detail, dropping what is not a claim or a year', () => {
    const detail = asPlateDetail({
      _id: 'p1',
      targa: 'AB123CD',
      sinistri: [
        { _id: 'c1', data: '2026-05-10', stato: 'liquidato', responsabilita: 'principale', liquidato: 1200.5, liquidatoIl: '2026-11-29', polizza: 'RCA-1', policyId: 'pol1' },
        { data: '2026-05-11' },
        'rubbish',
      ],
      atrSinistri: [{ anno: 2026, principali: 1, paritarie: [33] }, { anno: 'x' }],
    });
    expect(detail.sinistri).toEqual([
      { _id: 'c1', data: '2026-05-10', stato: 'liquidato', responsabilita: 'principale', liquidato: 1200.5, liquidatoIl: '2026-11-29', polizza: 'RCA-1', policyId: 'pol1' },
    ]);
    expect(detail.atrSinistri).toEqual([{ anno: 2026, principali: 1, paritarie: [33] }]);
  });
});
