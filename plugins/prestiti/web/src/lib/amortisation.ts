/**
 * French amortisation as the server draws it up (plugins/prestiti/money/amortisation.py),
 * exactly: the monthly rate TAN / 1200 is a fraction p / q, the instalment
 * A · p · (q + p)ⁿ / (q · ((q + p)ⁿ − qⁿ)) a fraction of BigInts rounded half up to the cent,
 * each month's interest residual · p / q rounded half up, the last instalment absorbing the
 * rounding. Both sides read the cases in __tests__/loan-cases.json.
 */
import { centsOf, euroOf, halfUp, scaled } from '@sportello/host-api';

/** The line's bounds, as the server's (money/inputs.py). */
export const MAX_AMOUNT_CENTS = 1_000_000_000n;
export const MAX_MONTHS = 480;
export const MAX_TAN = 50;

export interface Rate {
  p: bigint;
  q: bigint;
}

/** One month of the plan, in integer cents. */
export interface Row {
  number: number;
  instalment: bigint;
  interest: bigint;
  principal: bigint;
  residual: bigint;
}

export interface Plan {
  amount: bigint;
  months: number;
  /** The regular instalment: every row's but perhaps the last. */
  instalment: bigint;
  rows: Row[];
}

/** TAN in % as the monthly rate p / q (not reduced: the roundings come out the same); null when
 * the TAN is not a number from 0 to 50 with at most four decimals. */
export function monthlyRate(tan: number): Rate | null {
  const rate = scaled(tan);
  if (!rate || tan < 0 || tan > MAX_TAN || rate.scale > 4) return null;
  return { p: rate.digits, q: 1200n * 10n ** BigInt(rate.scale) };
}

export function instalmentCents(amount: bigint, { p, q }: Rate, months: number): bigint {
  if (p === 0n) return halfUp(amount, BigInt(months));
  const grown = (q + p) ** BigInt(months);
  return halfUp(amount * p * grown, q * (grown - q ** BigInt(months)));
}

function terms(amount: number, tan: number, months: number): { cents: bigint; rate: Rate } | null {
  const cents = centsOf(amount);
  const rate = monthlyRate(tan);
  if (cents === null || cents <= 0n || cents > MAX_AMOUNT_CENTS || !rate) return null;
  if (!Number.isInteger(months) || months < 1 || months > MAX_MONTHS) return null;
  return { cents, rate };
}

/** The regular instalment in euro; null for figures the server refuses. */
export function instalment(amount: number, tan: number, months: number): number | null {
  const found = terms(amount, tan, months);
  return found ? euroOf(instalmentCents(found.cents, found.rate, months)) : null;
}

/** The whole plan; null for figures the server refuses, and for a plan the rounded instalment
 * cannot amortise in exactly `months` rows (amount too small or rate too high for the duration). */
export function schedule(amount: number, tan: number, months: number): Plan | null {
  const found = terms(amount, tan, months);
  if (!found) return null;
  const { p, q } = found.rate;
  const regular = instalmentCents(found.cents, found.rate, months);
  let residual = found.cents;
  const rows: Row[] = [];
  for (let number = 1; number <= months; number += 1) {
    const interest = halfUp(residual * p, q);
    const principal = number === months ? residual : regular - interest;
    if (number < months && !(principal > 0n && principal < residual)) return null;
    residual -= principal;
    rows.push({ number, instalment: principal + interest, interest, principal, residual });
  }
  return { amount: found.cents, months, instalment: regular, rows };
}

/** What the practice page shows of a plan, in euro. */
export interface PlanSummary {
  instalment: number;
  lastInstalment: number;
  totalInterest: number;
  totalPaid: number;
  months: number;
}

export function summary(plan: Plan): PlanSummary {
  const totalInterest = plan.rows.reduce((sum, row) => sum + row.interest, 0n);
  const last = plan.rows[plan.rows.length - 1];
  return {
    instalment: euroOf(plan.instalment),
    lastInstalment: euroOf(last ? last.instalment : 0n),
    totalInterest: euroOf(totalInterest),
    totalPaid: euroOf(plan.amount + totalInterest),
    months: plan.months,
  };
}

/** The summary of the plan of these terms; null when the server would refuse them. */
export function scheduleSummary(amount: number, tan: number, months: number): PlanSummary | null {
  const plan = schedule(amount, tan, months);
  return plan ? summary(plan) : null;
}
