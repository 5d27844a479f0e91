/**
 * The register's records (src/lib/records.ts): the wire payload read without failing, the order
 * by plate and the search by plate, owner or fiscal code over the synced rows.
 */
import { describe, expect, it } from 'vitest';
import { asPlate, asPlateDetail, byPlate, searchable, searchPlates, vehicleName } from '../lib/records';

const wire = {
  _id: 't1',
  targa: 'AB123CD',
  tipo: 'autovettura',
  tipoBersani: 'autovettura',
  targaAgev: true,
  clientId: 'c1',
  cliente: 'Giulia Rossi',
  cf: 'RSSGLI85M41F205V',
  aId: 'u1',
  agId: null,
  marca: 'Fiat',
  modello: 'Panda',
  immatricolazione: { isNew: false, date: '2021-05-04' },
  polizza: { _id: 'p1', numero: 'RCA-77', compagnia: 'Allianz', scadenza: '2026-06-30', grazia: '2026-07-15' },
  preventivo: 'q1',
  at: '2026-01-01T10:00:00Z',
};

describe('a plate from the wire', () => {
  it('reads the payload of the contract', () => {
    const plate = asPlate(wire);
    expect(plate).toMatchObject({ ...wire, polizza: wire.polizza, immatricolazione: wire.immatricolazione });
    expect(vehicleName(plate)).toBe('Fiat Panda');
    expect(asPlate({ ...wire, immatricolazione: { isNew: true } }).immatricolazione).toEqual({ isNew: true });
  });

  it('reads what it does not know as empty (abuse: wrong types from the wire)', () => {
    const plate = asPlate({ _id: 't2', targa: 7, tipo: 'camion', targaAgev: 'sì', cliente: null, polizza: { scadenza: 'domani' }, immatricolazione: { isNew: false } });
    expect(plate).toMatchObject({ targa: '', tipo: '', targaAgev: false, cliente: '', polizza: null, immatricolazione: null, clientId: null });
    expect(vehicleName(plate)).toBe('');
  });

  it("keeps only the quotes with an id in the detail's list", () => {
    const detail = asPlateDetail({ ...wire, preventivi: [{ _id: 'q1', status: 'Preventivato', at: '2026-02-01', product: 'rca' }, { status: 'x' }, 'q2'] });
    expect(detail.preventivi).toEqual([{ _id: 'q1', status: 'Preventivato', at: '2026-02-01', product: 'rca', polizza: null }]);
    expect(asPlateDetail(wire).preventivi).toEqual([]);
  });

  it('reads the number of the policy issued from a quote, and nothing else for one', () => {
    const rows = [
      { _id: 'q1', status: 'In lavorazione compagnia', at: '2026-02-01', product: 'RC Auto', polizza: 'RCA-77' },
      { _id: 'q2', status: 'Preventivato', at: '2026-01-01', product: 'RC Auto', polizza: null },
      { _id: 'q3', status: 'Preventivato', at: '2026-01-01', product: 'RC Auto', polizza: 77 },
    ];
    expect(asPlateDetail({ ...wire, preventivi: rows }).preventivi.map((quote) => quote.polizza)).toEqual(['RCA-77', null, null]);
  });
});

describe('the register', () => {
  const plates = [
    asPlate({ ...wire, _id: 'a', targa: 'GM456ZZ', cliente: 'Marco Bianchi', cf: 'BNCMRC80A01H501U' }),
    asPlate({ ...wire, _id: 'b', targa: 'AB123CD', cliente: 'Giulia Rossi', cf: 'RSSGLI85M41F205V' }),
    asPlate({ ...wire, _id: 'c', targa: 'X22222', cliente: 'Autonoleggi Rossi Srl', cf: '12345678903' }),
  ].sort(byPlate);
  const rows = plates.map(searchable);
  const ids = (query: string) => searchPlates(rows, query).map((plate) => plate._id);

  it('is by plate', () => {
    expect(plates.map((plate) => plate.targa)).toEqual(['AB123CD', 'GM456ZZ', 'X22222']);
  });

  it('is searched by plate as written, owner name or fiscal code', () => {
    expect(ids('')).toEqual(['b', 'a', 'c']);
    expect(ids('ab 123')).toEqual(['b']);
    expect(ids('gm-456-zz')).toEqual(['a']);
    expect(ids('rossi')).toEqual(['b', 'c']);
    expect(ids('Giulia rossi')).toEqual(['b']);
    expect(ids('bncmrc')).toEqual(['a']);
    expect(ids('12345678903')).toEqual(['c']);
    expect(ids('nessuno')).toEqual([]);
  });

  it('abuse: regular-expression characters are searched as text', () => {
    expect(ids('.*')).toEqual([]);
    expect(ids('(')).toEqual([]);
  });

  it('searches 20,000 plates quickly', () => {
    const many = Array.from({ length: 20_000 }, (_, i) =>
      searchable(asPlate({ ...wire, _id: `p${i}`, targa: `AB${String(i % 1000).padStart(3, '0')}${'CD'}`, cliente: `Cliente ${i}` })),
    );
    const started = performance.now();
    expect(searchPlates(many, 'cliente 19999')).toHaveLength(1);
    expect(searchPlates(many, 'AB007CD')).toHaveLength(20);
    expect(performance.now() - started).toBeLessThan(250);
  });
});
