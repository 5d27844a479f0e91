/**
 * The loans' consultancy slider (SPEC §5): in euro, between qMin and qMax percent of the
 * instalment, starting at the midpoint percentage; the first instalment is the instalment plus
 * the consultancy chosen (SPEC §9 'Loans first instalment = instalment + qFattura'). Half up to
 * the cent with integer cents, as the server (plugins/prestiti/money/consultancy.py).
 */
import { centsOf, euroOf, halfUp, numberOrNull, percentOf, scaled } from '@sportello/host-api';

export interface ConsultancyEuro {
  low: number;
  high: number;
  /** The slider's start: (qMin + qMax) / 2 percent of the instalment. */
  midpoint: number;
}

/** qMin..qMax % of the instalment in euro; null for bounds that are negative or inverted, or an
 * instalment that is not an amount above zero. */
export function consultancyInEuro(qMin: number, qMax: number, instalment: number): ConsultancyEuro | null {
  const low = scaled(qMin);
  const high = scaled(qMax);
  const cents = centsOf(instalment);
  if (!low || !high || cents === null || cents <= 0n || qMin < 0 || qMax < qMin) return null;
  const scale = Math.max(low.scale, high.scale);
  const sum = low.digits * 10n ** BigInt(scale - low.scale) + high.digits * 10n ** BigInt(scale - high.scale);
  return {
    low: euroOf(percentOf(low, cents)),
    high: euroOf(percentOf(high, cents)),
    midpoint: euroOf(halfUp(sum * cents, 200n * 10n ** BigInt(scale))),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The company's qMin/qMax on the product, in euro for this instalment; null when missing. */
export function consultancyBounds(companies: unknown, company: unknown, instalment: number): ConsultancyEuro | null {
  if (typeof company !== 'string' || !company || !isRecord(companies)) return null;
  const config = companies[company];
  if (!isRecord(config)) return null;
  const qMin = numberOrNull(config.qMin);
  const qMax = numberOrNull(config.qMax);
  return qMin === null || qMax === null ? null : consultancyInEuro(qMin, qMax, instalment);
}

/** 'Prima rata': the instalment plus the consultancy, in euro; null for amounts not to the cent. */
export function firstInstalment(instalment: number, qFattura: number): number | null {
  const rata = centsOf(instalment);
  const consultancy = centsOf(qFattura);
  if (rata === null || consultancy === null || rata <= 0n || consultancy < 0n) return null;
  return euroOf(rata + consultancy);
}
