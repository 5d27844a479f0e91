/**
 * A plate being added or edited, as the form holds it, and the body of `rca.targhe.salva`
 * (without `_id` to add, with it to edit):
 * `{targa, tipo, tipoBersani?, targaAgev?, marca, modello?, immatricolazione, cliente: {clientId} | {nome, cf}, aId?}`.
 * The checks are the server's (the plate rules word for word, 'Codice fiscale errato'); a refusal
 * the server still sends is placed under the field it names.
 */
import { isOwnerCode, normaliseCode } from './fiscalCode';
import { normalise, plateProblem, type VehicleKind } from './plates';
import type { Plate, Registration } from './records';

export interface PlateDraft {
  _id?: string;
  targa: string;
  tipo: VehicleKind;
  tipoBersani: string;
  targaAgev: boolean;
  marca: string;
  modello: string;
  /** Immatricolazione: a new vehicle, or the day (`data`, 'YYYY-MM-DD', a date input's value). */
  nuova: boolean;
  data: string;
  nome: string;
  cf: string;
  /** The owner's client record, kept while its name and code are left as they were. */
  clientId: string | null;
  /** The owner as the plate had it (to tell whether the user changed them). */
  owner: { nome: string; cf: string } | null;
  /** The collaborator the plate is for (admin and responsabile name one; an agent's is their own). */
  aId: string | null;
}

export type DraftField = 'targa' | 'tipo' | 'tipoBersani' | 'marca' | 'modello' | 'data' | 'nome' | 'cf' | 'aId';

/** A problem: an Italian message of the rules as they are, or a translation key. */
export type Problem = { message: string } | { key: string };

export interface SaveBody {
  _id?: string;
  targa: string;
  tipo: VehicleKind;
  tipoBersani: string | null;
  targaAgev: boolean;
  marca: string;
  modello: string;
  immatricolazione: Registration;
  cliente: { clientId: string } | { nome: string; cf: string };
  aId?: string;
}

export const LIMITS = { tipoBersani: 20, marca: 80, modello: 120, nome: 200 } as const;
export const FIRST_DAY = '1900-01-01';

export function emptyDraft(aId: string | null = null): PlateDraft {
  return {
    targa: '', tipo: 'autovettura', tipoBersani: '', targaAgev: false, marca: '', modello: '',
    nuova: false, data: '', nome: '', cf: '', clientId: null, owner: null, aId,
  };  // prettier-ignore
}

export function draftOf(plate: Plate): PlateDraft {
  const registration = plate.immatricolazione;
  return {
    _id: plate._id,
    targa: plate.targa,
    tipo: plate.tipo || 'autovettura',
    tipoBersani: plate.tipoBersani ?? '',
    targaAgev: plate.targaAgev,
    marca: plate.marca,
    modello: plate.modello,
    nuova: registration?.isNew === true,
    data: registration && !registration.isNew ? registration.date : '',
    nome: plate.cliente,
    cf: plate.cf,
    clientId: plate.clientId,
    owner: { nome: plate.cliente, cf: plate.cf },
    aId: plate.aId,
  };
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a day that exists ('2025-02-30' is none). */
function realDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/**
 * What keeps the draft from being saved, per field. `today` bounds the registration day;
 * `needsCollaborator` when the user saves for a collaborator they must name (admin, responsabile).
 */
export function draftProblems(
  draft: PlateDraft,
  { today, needsCollaborator }: { today: string; needsCollaborator: boolean },
): Partial<Record<DraftField, Problem>> {
  const problems: Partial<Record<DraftField, Problem>> = {};
  const plate = plateProblem(draft.targa, draft.tipo);
  if (plate) problems.targa = { message: plate };
  if (draft.tipoBersani.trim().length > LIMITS.tipoBersani) problems.tipoBersani = { key: 'errors.tooLong' };
  if (!draft.marca.trim()) problems.marca = { key: 'errors.brand' };
  else if (draft.marca.trim().length > LIMITS.marca) problems.marca = { key: 'errors.tooLong' };
  if (draft.modello.trim().length > LIMITS.modello) problems.modello = { key: 'errors.tooLong' };
  if (!draft.nuova && (!realDay(draft.data) || draft.data < FIRST_DAY || draft.data > today)) {
    problems.data = { key: 'errors.registration' };
  }
  if (!draft.nome.trim()) problems.nome = { key: 'errors.ownerName' };
  else if (draft.nome.trim().length > LIMITS.nome) problems.nome = { key: 'errors.tooLong' };
  if (!isOwnerCode(draft.cf)) problems.cf = { key: 'errors.cf' };
  if (needsCollaborator && !draft.aId) problems.aId = { key: 'errors.collaborator' };
  return problems;
}

const ownerUnchanged = (draft: PlateDraft): boolean =>
  draft.owner !== null && draft.owner.nome.trim() === draft.nome.trim() && normaliseCode(draft.owner.cf) === normaliseCode(draft.cf);

/** The call's body of a draft without problems; `withCollaborator` sends the chosen `aId`. */
export function saveBody(draft: PlateDraft, { withCollaborator }: { withCollaborator: boolean }): SaveBody {
  const body: SaveBody = {
    targa: normalise(draft.targa),
    tipo: draft.tipo,
    tipoBersani: draft.tipoBersani.trim() || null,
    targaAgev: draft.targaAgev,
    marca: draft.marca.trim(),
    modello: draft.modello.trim(),
    immatricolazione: draft.nuova ? { isNew: true } : { isNew: false, date: draft.data },
    cliente:
      draft.clientId && ownerUnchanged(draft)
        ? { clientId: draft.clientId }
        : { nome: draft.nome.trim(), cf: normaliseCode(draft.cf) },
  };
  if (draft._id) body._id = draft._id;
  if (withCollaborator && draft.aId) body.aId = draft.aId;
  return body;
}

/**
 * The field a refusal of the server is about, read from its message ('Targa non valida…',
 * 'Targa già presente: AB123CD', 'Codice fiscale errato', 'Collaboratore non valido'); null for
 * a message about none in particular (shown above the buttons).
 */
export function fieldOfRefusal(message: string): DraftField | null {
  if (/^targa/i.test(message)) return 'targa';
  if (/codice fiscale|partita iva/i.test(message)) return 'cf';
  if (/^collaboratore/i.test(message)) return 'aId';
  if (/immatricolazione/i.test(message)) return 'data';
  if (/^marca/i.test(message)) return 'marca';
  if (/^modello/i.test(message)) return 'modello';
  if (/bersani/i.test(message)) return 'tipoBersani';
  return null;
}

/** Field names the server may key its per-field messages by, as the form's fields. */
export const SERVER_FIELDS: Record<string, DraftField> = {
  targa: 'targa',
  tipo: 'tipo',
  tipoBersani: 'tipoBersani',
  marca: 'marca',
  modello: 'modello',
  immatricolazione: 'data',
  cliente: 'nome',
  nome: 'nome',
  cf: 'cf',
  aId: 'aId',
};
