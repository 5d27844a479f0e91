/**
 * The consultancy slider (SPEC §5): bounded by the car company's qMin..qMax on the rental
 * product, in %, defaulting to the midpoint.
 */
import { numberOrNull } from '@sportello/host-api';

export interface ConsultancyBounds {
  min: number;
  max: number;
  midpoint: number;
}

/** The company's bounds on the product, or null when missing or nonsensical (negative, max < min). */
export function consultancyBounds(companies: unknown, company: unknown): ConsultancyBounds | null {
  if (typeof company !== 'string' || !company || typeof companies !== 'object' || companies === null) return null;
  const config = (companies as Record<string, unknown>)[company];
  if (typeof config !== 'object' || config === null) return null;
  const min = numberOrNull((config as Record<string, unknown>).qMin);
  const max = numberOrNull((config as Record<string, unknown>).qMax);
  if (min === null || max === null || min < 0 || max < min) return null;
  return { min, max, midpoint: (min + max) / 2 };
}

const onGrid = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-9;

/** The slider's step: 0.1 %, or 0.05 % when the bounds or their midpoint fall between tenths. */
export function sliderStep({ min, max, midpoint }: ConsultancyBounds): number {
  return [min, max, midpoint].every((v) => onGrid(v, 0.1)) ? 0.1 : 0.05;
}

/** `value` inside the bounds, rounded to the hundredth (a slider's float noise removed). */
export function clampRate(value: number, { min, max }: ConsultancyBounds): number {
  return Math.round(Math.min(max, Math.max(min, value)) * 100) / 100;
}
