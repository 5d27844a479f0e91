/**
 * The money side of a loan practice on screen: the consultancy slider in euro (SPEC §5), the
 * first instalment (SPEC §9: instalment + qFattura) and the earnings the server states
 * (`GET /api/prestiti/preventivi/{id}`), restated at the consultancy the slider is on.
 * Integer cents, half up, as the server (plugins/prestiti/practice.py `earnings`).
 */
import { consultancyBounds, firstInstalment, type ConsultancyEuro } from './consultancy';
import { centsOf, euroOf, percentOf, scaled } from '@sportello/host-api';

export type { ConsultancyEuro };

/** The earnings as the server sends them (amounts as exact text). */
export interface ServerEarnings {
  qFattura: string;
  primaRata: string;
  istruttoria: string;
  consulenza: string;
  total: string;
  platform?: string;
}

/** The earnings at a consultancy, in euro. */
export interface Earnings {
  qFattura: number;
  /** The collaborator's share of the istruttoria and of the consultancy. */
  istruttoria: number;
  consulenza: number;
  /** 'Tuo guadagno totale'. */
  total: number;
  /** The platform's rest, for those who may see it. */
  platform: number | null;
}

/** The slider's range in euro: qMin..qMax % of the instalment of the practice's institute. */
export const sliderBounds = (companies: unknown, istituto: string, rata: number | null): ConsultancyEuro | null =>
  rata === null ? null : consultancyBounds(companies, istituto, rata);

/** A slider position as an amount to the cent within the bounds. */
export function clampEuro(value: number, bounds: ConsultancyEuro): number {
  const cents = Math.round(value * 100) / 100;
  return Math.min(bounds.high, Math.max(bounds.low, cents));
}

/** 'Prima rata' at the consultancy chosen; null before the instalment is known. */
export const firstInstalmentAt = (rata: number | null, consultancy: number | null): number | null =>
  rata === null || consultancy === null ? null : firstInstalment(rata, consultancy);

const cents = (text: string | undefined): bigint | null => (text === undefined ? null : centsOf(Number(text)));

/**
 * The server's earnings restated at `consultancy` euro with the collaborator's share `rate` %:
 * the istruttoria share stays, the consultancy share is `rate` % of it, the platform the rest of
 * istruttoria + consultancy. The server's own figures when the consultancy is its own.
 */
export function earningsAt(server: ServerEarnings, consultancy: number | null, rate: number): Earnings | null {
  const serverQ = cents(server.qFattura);
  const istruttoria = cents(server.istruttoria);
  const serverShare = cents(server.consulenza);
  const serverPlatform = cents(server.platform);
  const chosen = consultancy === null ? serverQ : centsOf(consultancy);
  const share = scaled(rate);
  if (serverQ === null || istruttoria === null || serverShare === null || chosen === null || !share) return null;
  const same = chosen === serverQ;
  const consulenza = same ? serverShare : percentOf(share, chosen);
  const total = istruttoria + consulenza;
  // the platform's istruttoria part is what the server's platform figure has beyond the consultancy
  const platform = serverPlatform === null ? null : serverPlatform - (serverQ - serverShare) + (chosen - consulenza);
  return {
    qFattura: euroOf(chosen),
    istruttoria: euroOf(istruttoria),
    consulenza: euroOf(consulenza),
    total: euroOf(total),
    platform: platform === null ? null : euroOf(platform),
  };
}
