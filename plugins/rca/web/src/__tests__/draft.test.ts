/**
 * The plate form's draft (src/lib/draft.ts): its checks (the plate rules' own messages, the
 * owner's code), the `rca.targhe.salva` body of the contract, and where a server refusal shows.
 */
import { describe, expect, it } from 'vitest';
import { draftOf, draftProblems, emptyDraft, fieldOfRefusal, saveBody, type PlateDraft } from '../lib/draft';
import { isCodiceFiscale, isOwnerCode, isPartitaIva } from '../lib/fiscalCode';
import { asPlate } from '../lib/records';

const TODAY = '2026-03-10';
const VALID_CF = 'RSSGLI85M41F205V';
const good: PlateDraft = {
  ...emptyDraft(),
  targa: 'ab 123 cd',
  marca: ' Fiat ',
  modello: 'Panda',
  data: '2021-05-04',
  nome: ' Giulia Rossi ',
  cf: 'rssgli85m41f205v',
};
const check = (draft: PlateDraft, needsCollaborator = false) => draftProblems(draft, { today: TODAY, needsCollaborator });

describe('the checks', () => {
  it('pass a complete plate', () => {
    expect(check(good)).toEqual({});
    expect(check({ ...good, nuova: true, data: '' })).toEqual({});
  });

  it("give a bad plate the rules' message for its kind", () => {
    expect(check({ ...good, targa: 'AB123QD' })).toEqual({
      targa: { message: "Targa non valida per un'autovettura: il formato è AA000AA (senza I, O, Q, U)" },
    });
    expect(check({ ...good, targa: 'AB123CD', tipo: 'motociclo' }).targa).toEqual({
      message: 'Targa non valida per un motociclo: il formato è AA00000 (senza I, O, Q, U)',
    });
    expect(check({ ...good, targa: '' }).targa).toEqual({ message: 'Targa mancante' });
  });

  it('name every other problem', () => {
    const bad = { ...good, marca: ' ', data: '2026-03-11', nome: '', cf: 'RSSGLI85M41F205X', tipoBersani: 'x'.repeat(21) };
    expect(check(bad, true)).toEqual({
      marca: { key: 'errors.brand' },
      data: { key: 'errors.registration' }, // tomorrow
      nome: { key: 'errors.ownerName' },
      cf: { key: 'errors.cf' },
      tipoBersani: { key: 'errors.tooLong' },
      aId: { key: 'errors.collaborator' },
    });
  });

  it('refuse a registration day that does not exist or is too old', () => {
    for (const data of ['', '2025-02-29', '1899-12-31', '04/05/2021', '2021-5-4']) expect(check({ ...good, data }).data).toEqual({ key: 'errors.registration' });
    expect(check({ ...good, data: TODAY }).data).toBeUndefined();
    expect(check({ ...good, data: '2024-02-29' }).data).toBeUndefined();
  });

  it('abuse: over-long text is refused before it reaches the server', () => {
    expect(check({ ...good, marca: 'M'.repeat(81), modello: 'm'.repeat(121), nome: 'n'.repeat(201) })).toEqual({
      marca: { key: 'errors.tooLong' },
      modello: { key: 'errors.tooLong' },
      nome: { key: 'errors.tooLong' },
    });
  });
});

describe("the owner's code", () => {
  it('is a Codice Fiscale with its check letter (omocodia included), or a Partita IVA', () => {
    expect(isCodiceFiscale(VALID_CF)).toBe(true);
    expect(isCodiceFiscale('rssgli85m41f205v')).toBe(true);
    expect(isCodiceFiscale('RSSGLI85M41F205X')).toBe(false); // wrong check letter
    expect(isCodiceFiscale('RSSGLI85Z41F205V')).toBe(false); // no month Z
    expect(isPartitaIva('12345678903')).toBe(true);
    expect(isPartitaIva('12345678904')).toBe(false);
    expect(isPartitaIva('00000000000')).toBe(false);
    expect(isOwnerCode('01114601006')).toBe(true);
    expect(isOwnerCode('')).toBe(false);
    expect(isOwnerCode('<script>')).toBe(false);
  });
});

describe('the body of rca.targhe.salva', () => {
  it('adds a plate for a new owner, normalised and trimmed', () => {
    expect(saveBody(good, { withCollaborator: false })).toEqual({
      targa: 'AB123CD',
      tipo: 'autovettura',
      tipoBersani: null,
      targaAgev: false,
      marca: 'Fiat',
      modello: 'Panda',
      immatricolazione: { isNew: false, date: '2021-05-04' },
      cliente: { nome: 'Giulia Rossi', cf: VALID_CF },
    });
  });

  it('sends a new registration, the Bersani kind, the Agev plate and the collaborator when named', () => {
    const body = saveBody({ ...good, nuova: true, tipoBersani: ' autovettura ', targaAgev: true, aId: 'u7' }, { withCollaborator: true });
    expect(body).toMatchObject({ immatricolazione: { isNew: true }, tipoBersani: 'autovettura', targaAgev: true, aId: 'u7' });
    expect(saveBody({ ...good, aId: 'u7' }, { withCollaborator: false })).not.toHaveProperty('aId');
  });

  it("edits a plate with its id, keeping the owner's client while name and code are unchanged", () => {
    const plate = asPlate({
      _id: 't1', targa: 'AB123CD', tipo: 'autovettura', tipoBersani: 'autovettura', targaAgev: false, clientId: 'c9',
      cliente: 'Giulia Rossi', cf: VALID_CF, aId: 'u1', agId: null, marca: 'Fiat', modello: 'Panda',
      immatricolazione: { isNew: false, date: '2021-05-04' }, polizza: null, preventivo: null, at: '2026-01-01T10:00:00Z',
    });  // prettier-ignore
    const draft = draftOf(plate);
    expect(draft).toMatchObject({ _id: 't1', nuova: false, data: '2021-05-04', nome: 'Giulia Rossi', clientId: 'c9' });
    expect(saveBody(draft, { withCollaborator: false })).toMatchObject({ _id: 't1', cliente: { clientId: 'c9' } });
    expect(saveBody({ ...draft, cf: VALID_CF.toLowerCase() }, { withCollaborator: false }).cliente).toEqual({ clientId: 'c9' });
    expect(saveBody({ ...draft, nome: 'Giulia Rossi Bianchi' }, { withCollaborator: false }).cliente).toEqual({
      nome: 'Giulia Rossi Bianchi',
      cf: VALID_CF,
    });
  });
});

describe("where a server's refusal shows", () => {
  it.each([
    ["Targa non valida per un'autovettura: il formato è AA000AA (senza I, O, Q, U)", 'targa'],
    ['Targa già presente: AB123CD', 'targa'],
    ['Codice fiscale errato', 'cf'],
    ['Partita IVA errata', 'cf'],
    ['Collaboratore non valido', 'aId'],
    ['Data di immatricolazione non valida', 'data'],
    ['Marca mancante', 'marca'],
    ['Non puoi modificare questa targa', null],
    ['', null],
  ])('%j → %s', (message, field) => {
    expect(fieldOfRefusal(message)).toBe(field);
  });
});
