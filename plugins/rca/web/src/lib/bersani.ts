/**
 * The class inherited from the household (legge Bersani: art. 134 c. 4-bis CAP, extended by
 * D.L. 124/2019 to the household's vehicles of any kind) as the CU class call takes it: the
 * household's vehicles as typed (plate, kind, class, cohabiting), the Bersani part of
 * `rca.classe` they make — `{veicoli: [{targa, tipo, classe, convivente}], personaFisica, tipo,
 * rinnovo}` — and the answer `{classe, classeAtr, passi, bersani: {classe, motivo, targa, passi}}`
 * read without failing. The server applies the rule (plugins/rca/rules/bersani.py); here only
 * what cannot be sent is refused, with the rules' own words for a plate.
 */
import { asCuAnswer, type CuAnswer, type CuRequest } from './atr';
import { normaliseCode } from './fiscalCode';
import { fits, isVehicleKind, kindsOf, normalise, plateProblem, type VehicleKind } from './plates';

/** The vehicles one request may name (the server refuses more). */
export const MAX_HOUSEHOLD = 20;

/** A household vehicle as the table holds it: the class as typed. */
export interface HouseholdRow {
  targa: string;
  tipo: VehicleKind;
  /** The CU class of the vehicle's latest certificate, 1–18. */
  classe: string;
  /** Owned by the same person or by a stably cohabiting member of the household. */
  convivente: boolean;
}

export interface HouseholdVehicle {
  targa: string;
  tipo: VehicleKind;
  classe: number;
  convivente: boolean;
}

/** What the rule needs besides the vehicles. */
export interface BersaniOptions {
  /** Only a natural person inherits the household's class. */
  personaFisica: boolean;
  /** The kind of the vehicle being quoted. */
  tipo: VehicleKind;
  /** A renewal of a contract in force (its certificate must be clean for five years), not a new contract. */
  rinnovo: boolean;
}

export interface BersaniPart extends BersaniOptions {
  veicoli: HouseholdVehicle[];
}

/** The `rca.classe` request with its Bersani part. */
export interface ClassRequest extends CuRequest {
  bersani?: BersaniPart;
}

export interface BersaniAnswer {
  /** The class inherited, or null when none is (`motivo` says why). */
  classe: number | null;
  motivo: string;
  targa: string | null;
  passi: string[];
}

export interface ClassAnswer extends CuAnswer {
  /** The class the certificate alone gives. */
  classeAtr: number;
  bersani: BersaniAnswer | null;
}

export type HouseholdField = 'targa' | 'classe';
/** A problem: an Italian message of the rules as they are, or a translation key. */
export type HouseholdProblem = { message: string } | { key: string };

export interface HouseholdProblems {
  rows: Partial<Record<HouseholdField, HouseholdProblem>>[];
  /** Translation key of a problem of the whole part. */
  table?: string;
}

const WHOLE = /^\d+$/;
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const isClass = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 18;

/** An empty row to fill in: a cohabiting member's vehicle of `tipo`. */
export const newHouseholdRow = (tipo: VehicleKind = 'autovettura'): HouseholdRow => ({ targa: '', tipo, classe: '', convivente: true });

/**
 * Whether the owner is a natural person, by their code: eleven digits are a company's Partita
 * IVA; a Codice Fiscale of 16 characters, or no code at all, a person (the rule's default).
 */
export const naturalPersonOf = (code: string | null | undefined): boolean => !/^\d{11}$/.test(normaliseCode(code ?? ''));

/**
 * The kind of the vehicle quoted: the first of `hints` that is a kind (the register's, the
 * quote's Bersani kind), else the first kind the plate's format fits, else a car.
 */
export function quotedKindOf(targa: string | null, hints: readonly unknown[] = []): VehicleKind {
  const hinted = hints.find(isVehicleKind);
  if (hinted) return hinted;
  try {
    return (targa ? kindsOf(targa)[0] : undefined) ?? 'autovettura';
  } catch {
    return 'autovettura';
  }
}

const plateKey = (raw: string): string => raw.replace(/[\s-]/g, '').toUpperCase();

/**
 * The Bersani part of the table, or the problems that keep it from being sent. No rows, no
 * part: the class is the certificate's alone. `certificate`: whether the quoted vehicle's
 * certificate gives any year (a renewal is judged on it).
 */
export function bersaniPart(
  rows: readonly HouseholdRow[],
  options: BersaniOptions,
  certificate: boolean,
): { part: BersaniPart | null; problems: HouseholdProblems | null } {
  if (!rows.length) return { part: null, problems: null };
  const problems: HouseholdProblems = { rows: rows.map(() => ({})) };
  let failed = false;
  const veicoli: HouseholdVehicle[] = [];
  rows.forEach((row, index) => {
    const found = problems.rows[index]!;
    const plate = plateProblem(row.targa, row.tipo);
    if (plate) found.targa = { message: plate };
    else if (rows.some((other, j) => j < index && plateKey(other.targa) === plateKey(row.targa))) found.targa = { key: 'errors.householdRepeated' };
    const classe = row.classe.trim();
    if (!WHOLE.test(classe) || !isClass(Number(classe))) found.classe = { key: 'errors.cuClass' };
    if (found.targa || found.classe) {
      failed = true;
      return;
    }
    veicoli.push({ targa: normalise(row.targa), tipo: row.tipo, classe: Number(classe), convivente: row.convivente });
  });
  if (rows.length > MAX_HOUSEHOLD) {
    problems.table = 'errors.householdTooMany';
    failed = true;
  } else if (options.rinnovo && !certificate) {
    problems.table = 'errors.renewalAtr';
    failed = true;
  }
  if (failed) return { part: null, problems };
  return { part: { veicoli, personaFisica: options.personaFisica, tipo: options.tipo, rinnovo: options.rinnovo }, problems: null };
}

/**
 * The `rca.classe` request: the certificate's (an empty one, class 14, when the quote gives
 * no years) with the Bersani part; without a part, the certificate's request as it is.
 */
export function classRequest(certificate: CuRequest | null, part: BersaniPart | null): ClassRequest | null {
  if (!part) return certificate;
  return { ...(certificate ?? { atr: [] }), bersani: part };
}

function asBersaniAnswer(value: unknown): BersaniAnswer | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = record(value);
  return {
    classe: isClass(raw.classe) ? raw.classe : null,
    motivo: typeof raw.motivo === 'string' ? raw.motivo : '',
    targa: typeof raw.targa === 'string' && raw.targa ? raw.targa : null,
    passi: Array.isArray(raw.passi) ? raw.passi.filter((step): step is string => typeof step === 'string') : [],
  };
}

/** The server's answer, read without failing; null when it holds no class. */
export function asClassAnswer(value: unknown): ClassAnswer | null {
  const base = asCuAnswer(value);
  if (!base) return null;
  const raw = record(value);
  return { ...base, classeAtr: isClass(raw.classeAtr) ? raw.classeAtr : base.classe, bersani: asBersaniAnswer(raw.bersani) };
}

/** The class that applies: the inherited one when it is better (lower) than the certificate's. */
export interface Applying {
  classe: number;
  /** The household's plate it comes from, or null: the certificate's. */
  inheritedFrom: string | null;
}

export function applyingClass(answer: Pick<ClassAnswer, 'classeAtr' | 'bersani'>): Applying {
  const inherited = answer.bersani?.classe ?? null;
  if (inherited !== null && inherited < answer.classeAtr) return { classe: inherited, inheritedFrom: answer.bersani?.targa ?? null };
  return { classe: answer.classeAtr, inheritedFrom: null };
}

/**
 * The register's plates of the owner (`rca.targhe.famiglia` → `{targhe: [{targa, tipo}]}`) as
 * rows to add: those the table lacks, without the vehicle quoted, each to be given its class
 * (the register holds none) — at most as many as the table has room for.
 */
export function proposedRows(answer: unknown, rows: readonly HouseholdRow[], quoted: string | null): HouseholdRow[] {
  const present = new Set([...rows.map((row) => plateKey(row.targa)), ...(quoted ? [plateKey(quoted)] : [])]);
  const plates = Array.isArray(record(answer).targhe) ? (record(answer).targhe as unknown[]) : [];
  const proposed: HouseholdRow[] = [];
  for (const plate of plates.map(record)) {
    const targa = typeof plate.targa === 'string' ? plateKey(plate.targa) : '';
    if (!targa || present.has(targa) || !isVehicleKind(plate.tipo) || !fits(targa, plate.tipo)) continue;
    present.add(targa);
    proposed.push({ targa, tipo: plate.tipo, classe: '', convivente: true });
  }
  return proposed.slice(0, Math.max(0, MAX_HOUSEHOLD - rows.length));
}
