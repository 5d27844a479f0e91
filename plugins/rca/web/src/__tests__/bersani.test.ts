/**
 * The class inherited from the household (src/lib/bersani.ts): the Bersani part of `rca.classe`
 * built from the table, what keeps it from being sent, the class that applies, and the
 * register's plates proposed as the household's.
 */
import { describe, expect, it } from 'vitest';
import {
  applyingClass,
  asClassAnswer,
  bersaniPart,
  classRequest,
  MAX_HOUSEHOLD,
  naturalPersonOf,
  newHouseholdRow,
  proposedRows,
  quotedKindOf,
  type BersaniOptions,
  type HouseholdRow,
} from '../lib/bersani';

const NEW_CAR: BersaniOptions = { personaFisica: true, tipo: 'autovettura', rinnovo: false };
const row = (targa: string, classe: string, extra: Partial<HouseholdRow> = {}): HouseholdRow => ({
  targa,
  tipo: 'autovettura',
  classe,
  convivente: true,
  ...extra,
});

describe('the Bersani part of the request', () => {
  it('is left out without household vehicles', () => {
    expect(bersaniPart([], NEW_CAR, false)).toEqual({ part: null, problems: null });
    expect(classRequest(null, null)).toBeNull();
    expect(classRequest({ atr: [{ anno: 2024, principali: 0, paritarie: [] }] }, null)).toEqual({
      atr: [{ anno: 2024, principali: 0, paritarie: [] }],
    });
  });

  it('carries each vehicle with its plate written as the register writes it', () => {
    const rows = [row('ab 123-cd', ' 3 '), row('XY12345', '7', { tipo: 'motociclo', convivente: false })];
    const { part, problems } = bersaniPart(rows, NEW_CAR, false);
    expect(problems).toBeNull();
    expect(part).toEqual({
      veicoli: [
        { targa: 'AB123CD', tipo: 'autovettura', classe: 3, convivente: true },
        { targa: 'XY12345', tipo: 'motociclo', classe: 7, convivente: false },
      ],
      personaFisica: true,
      tipo: 'autovettura',
      rinnovo: false,
    });
    // a new vehicle without a certificate: the request from class 14, with the part
    expect(classRequest(null, part)).toEqual({ atr: [], bersani: part });
    const certificate = { atr: [{ anno: 2025, principali: 1, paritarie: [] }], classeIniziale: 10 };
    expect(classRequest(certificate, part)).toEqual({ ...certificate, bersani: part });
  });

  it("names each row's problems: the plate in the rules' words, the class, a plate twice", () => {
    const rows = [row('AB12345', '3'), row('XY12345', '0', { tipo: 'motociclo' }), row('EF456GH', '19'), row('ef 456 gh', 'tre'), row('', '')];
    const { part, problems } = bersaniPart(rows, NEW_CAR, false);
    expect(part).toBeNull();
    expect(problems?.rows).toEqual([
      { targa: { message: "Targa non valida per un'autovettura: il formato è AA000AA (senza I, O, Q, U)" } },
      { classe: { key: 'errors.cuClass' } },
      { classe: { key: 'errors.cuClass' } },
      { targa: { key: 'errors.householdRepeated' }, classe: { key: 'errors.cuClass' } },
      { targa: { message: 'Targa mancante' }, classe: { key: 'errors.cuClass' } },
    ]);
    expect(problems?.table).toBeUndefined();
  });

  it('takes no more vehicles than the server does', () => {
    const many = Array.from({ length: MAX_HOUSEHOLD + 1 }, (_, i) => row(`AB${String(i).padStart(3, '0')}CD`, '5'));
    expect(bersaniPart(many, NEW_CAR, false).problems?.table).toBe('errors.householdTooMany');
    expect(bersaniPart(many.slice(1), NEW_CAR, false).part?.veicoli).toHaveLength(MAX_HOUSEHOLD);
  });

  it('asks a renewal for the certificate it is judged on', () => {
    const renewal = { ...NEW_CAR, rinnovo: true };
    expect(bersaniPart([row('AB123CD', '3')], renewal, false).problems?.table).toBe('errors.renewalAtr');
    expect(bersaniPart([row('AB123CD', '3')], renewal, true).part?.rinnovo).toBe(true);
  });
});

describe('the class that applies', () => {
  const answer = (classeAtr: number, bersani: unknown) => asClassAnswer({ classe: classeAtr, classeAtr, passi: ['Ingresso: classe 14'], bersani })!;

  it('is the inherited one when it is better than the certificate’s', () => {
    // a new car (class 14) in a household with a car in class 3
    const inherited = answer(14, { classe: 3, motivo: 'classe 3 di AB123CD', targa: 'AB123CD', passi: ['Classe assegnata: 3'] });
    expect(applyingClass(inherited)).toEqual({ classe: 3, inheritedFrom: 'AB123CD' });
  });

  it('is the certificate’s when nothing is inherited, or the inherited one is no better', () => {
    const none = answer(14, { classe: null, motivo: 'la classe del nucleo familiare spetta solo a una persona fisica', targa: null, passi: [] });
    expect(applyingClass(none)).toEqual({ classe: 14, inheritedFrom: null });
    expect(applyingClass(answer(9, { classe: 11, motivo: '', targa: 'AB123CD', passi: [] }))).toEqual({ classe: 9, inheritedFrom: null });
    expect(applyingClass(answer(9, { classe: 9, motivo: '', targa: 'AB123CD', passi: [] }))).toEqual({ classe: 9, inheritedFrom: null });
    expect(applyingClass(answer(12, undefined))).toEqual({ classe: 12, inheritedFrom: null });
  });

  it('reads the answer without failing', () => {
    expect(asClassAnswer({ classe: 3, classeAtr: 14, passi: ['a', 7], bersani: { classe: 3, motivo: 'm', targa: 'AB123CD', passi: ['x', null] } })).toEqual({
      classe: 3,
      classeAtr: 14,
      passi: ['a'],
      bersani: { classe: 3, motivo: 'm', targa: 'AB123CD', passi: ['x'] },
    });
    // an answer of before: the class is the certificate's, nothing inherited
    expect(asClassAnswer({ classe: 9, passi: [] })).toEqual({ classe: 9, classeAtr: 9, passi: [], bersani: null });
    expect(asClassAnswer({ classe: 3, classeAtr: 14, passi: [], bersani: { classe: 0, targa: 7, passi: 'x' } })?.bersani).toEqual({
      classe: null,
      motivo: '',
      targa: null,
      passi: [],
    });
    expect(asClassAnswer({ classe: 0 })).toBeNull();
    expect(asClassAnswer(null)).toBeNull();
  });
});

describe('what the screen fills in by itself', () => {
  it('takes a Partita IVA for a company, anything else for a person', () => {
    expect(naturalPersonOf('BNCLCU80A01H501Q')).toBe(true);
    expect(naturalPersonOf('bnclcu80a01h501q')).toBe(true);
    expect(naturalPersonOf('01234567897')).toBe(false);
    expect(naturalPersonOf(' 0123 4567 897 ')).toBe(false);
    expect(naturalPersonOf('')).toBe(true);
    expect(naturalPersonOf(null)).toBe(true);
  });

  it('knows the kind quoted from the register, the quote, or the plate', () => {
    expect(quotedKindOf('AB123CD', ['motociclo', 'autovettura'])).toBe('motociclo');
    expect(quotedKindOf('AB123CD', [undefined, 'furgone', 'autovettura'])).toBe('autovettura');
    expect(quotedKindOf('XY12345')).toBe('motociclo');
    expect(quotedKindOf('X2B4CD')).toBe('ciclomotore');
    expect(quotedKindOf('MI123456')).toBe('autovettura');
    expect(quotedKindOf('A*B')).toBe('autovettura');
    expect(quotedKindOf(null)).toBe('autovettura');
  });

  it('proposes the owner’s plates the table lacks, but not the vehicle quoted', () => {
    const answer = {
      targhe: [
        { targa: 'AB123CD', tipo: 'autovettura' },
        { targa: 'X2B4CD', tipo: 'ciclomotore' },
        { targa: 'EF456GH', tipo: 'autovettura' },
        { targa: 'BAD', tipo: 'autovettura' },
        { targa: 'GH789JK', tipo: 'camion' },
        'XY12345',
      ],
    };
    expect(proposedRows(answer, [row('ef 456 gh', '5')], 'AB123CD')).toEqual([{ targa: 'X2B4CD', tipo: 'ciclomotore', classe: '', convivente: true }]);
    expect(proposedRows({}, [], null)).toEqual([]);
    expect(proposedRows(null, [], null)).toEqual([]);
    const full = Array.from({ length: MAX_HOUSEHOLD }, () => newHouseholdRow());
    expect(proposedRows(answer, full, null)).toEqual([]);
  });
});
