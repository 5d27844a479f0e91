/**
 * The TAEG shown on the practice page, as the server states it (plugins/prestiti/money/taeg.py,
 * Directive 2008/48/EC Annex I): the yearly rate X with Σ aₘ (1 + X)^(−m/12) = 0 over the net
 * flows a month (payments less drawdowns), found by Newton's method kept inside a bracket, and
 * stated in % half up to two decimals — the rounding read from the sign of the equation at the
 * two half-way points, as the server does it with Decimal (here in floating point: the server's
 * figure is the one the contract states).
 */
import { centsOf } from '@sportello/host-api';
import { type Plan, schedule } from './amortisation';

/** What the consumer pays besides the instalments, in euro (see the server's Costs). */
export interface Costs {
  /** At the start or deducted from the credit: istruttoria, stamp duty, appraisal. */
  upfront?: number;
  /** A policy's premium paid at the start… */
  insurance?: number;
  /** … counted only when the policy is a condition of the credit. */
  insuranceRequired?: boolean;
  /** With each instalment (spese di incasso rata). */
  monthly?: number;
  /** The broker's fee, paid with the first instalment (qFattura). */
  broker?: number;
}

/** Net flows a month in cents (index = month): the amount out at 0, the payments after. */
export function netFlows(plan: Plan, costs: Costs = {}): number[] | null {
  const figures = [costs.upfront, costs.insurance, costs.monthly, costs.broker].map((v) => centsOf(v ?? 0));
  if (figures.some((v) => v === null || v < 0n)) return null;
  const [upfront = 0n, insurance = 0n, monthly = 0n, broker = 0n] = figures as bigint[];
  const start = upfront + (costs.insuranceRequired ? insurance : 0n);
  return [
    Number(start - plan.amount),
    ...plan.rows.map((row) => Number(row.instalment + monthly + (row.number === 1 ? broker : 0n))),
  ];
}

/** g(v) = Σ aₘ vᵐ and its derivative (Horner). */
function valueAndSlope(net: number[], v: number): [number, number] {
  let value = 0;
  let slope = 0;
  for (let m = net.length - 1; m >= 0; m -= 1) {
    slope = slope * v + value;
    value = value * v + (net[m] ?? 0);
  }
  return [value, slope];
}

/** The yearly rate as a fraction; null when the flows have no single non-negative rate. */
export function solveRoot(net: number[]): number | null {
  const signs = net.filter((a) => a !== 0).map((a) => a > 0);
  const ordered = signs.every((positive, i) => i === 0 || positive || !signs[i - 1]);
  if (!signs.length || signs[0] || !signs[signs.length - 1] || !ordered) return null;
  if (net.reduce((sum, a) => sum + a, 0) < 0) return null;
  if (valueAndSlope(net, 1)[0] === 0) return 0;
  let low = 1;
  let high = 1;
  while (valueAndSlope(net, low)[0] >= 0) low /= 2;
  while (valueAndSlope(net, high)[0] <= 0) high *= 2;
  let v = high;
  let step = high - low;
  let previous = step;
  for (let i = 0; i < 400; i += 1) {
    const [value, slope] = valueAndSlope(net, v);
    if (value === 0) break;
    if (value < 0) low = v;
    else high = v;
    const newton = slope > 0 ? v - value / slope : low - 1;
    if (Math.abs(newton - v) <= 1e-15 * v) {
      v = newton;
      break;
    }
    let following: number;
    if (!(low < newton && newton < high) || Math.abs(2 * value) > Math.abs(previous * slope)) {
      previous = step;
      step = (high - low) / 2;
      following = low + step;
    } else {
      previous = step;
      step = v - newton;
      following = newton;
    }
    if (Math.abs(following - v) <= 1e-15 * v) {
      v = following;
      break;
    }
    v = following;
  }
  return v ** -12 - 1;
}

/** Σ aₘ (1 + x)^(−m/12). */
function presentValue(net: number[], x: number): number {
  const factor = (1 + x) ** (-1 / 12);
  let discount = 1;
  let total = 0;
  for (const a of net) {
    total += a * discount;
    discount *= factor;
  }
  return total;
}

/** The TAEG in % with two decimals (8.29), half up; null for flows without one. */
export function solveTaeg(net: number[]): number | null {
  const root = solveRoot(net);
  if (root === null || !Number.isFinite(root) || root > 1e4) return null;
  let hundredths = Math.round(root * 10000);
  for (let i = 0; i < 10; i += 1) {
    if (presentValue(net, (hundredths - 0.5) / 10000) < 0) hundredths -= 1;
    else if (presentValue(net, (hundredths + 0.5) / 10000) >= 0) hundredths += 1;
    else return hundredths / 100;
  }
  return null;
}

/** The TAEG of a French-amortised loan and its costs; null when the server would refuse it. */
export function taeg(amount: number, tan: number, months: number, costs: Costs = {}): number | null {
  const plan = schedule(amount, tan, months);
  const net = plan ? netFlows(plan, costs) : null;
  return net ? solveTaeg(net) : null;
}

const PERCENT = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const RATE = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** A usury threshold as the decrees publish it, no decimal dropped: '14,825 %', '17,50 %'. */
export const formatRate = (value: number | null | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? `${RATE.format(value)} %` : '';

/** A TAN or TAEG as the documents state it: '8,29 %', '7,00 %'; '' when there is none. */
export const formatPercent = (value: number | null | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? `${PERCENT.format(value)} %` : '';
