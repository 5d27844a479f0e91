/**
 * The money screens' figures as pure functions over integer cents (never float sums), with the
 * server's rules (core/domain/commissions/rules.py): withholding = gross × base/100 × ritenuta/100
 * rounded half up to the cent (art. 25-bis DPR 600/1973: base 50 %, 20 %, or 0 in the flat-rate
 * regime), the net is the rest; a ledger's closing balance is its opening
 * plus its movements. The same JSON cases check these in Python and in Vitest.
 */
import { formatCents } from '@sportello/host-api';
import { toCents } from '../policies/policyLogic';

export { toCents };

/** Half up to a whole number, ties away from zero (as Python's ROUND_HALF_UP). */
function roundHalfUp(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const [n, d] = [Math.abs(numerator), Math.abs(denominator)];
  return sign * Math.floor((2 * n + d) / (2 * d));
}

/** Net and withholding in cents for `grossCents` at `ritenuta` % (two decimals at most) on
 * `base` % of it (a whole number: 50, 20 or 0). */
export function payout(grossCents: number, ritenuta: number, base: number): { net: number; withholding: number } {
  const basisPoints = Math.round(ritenuta * 100);
  const withholding = roundHalfUp(grossCents * basisPoints * Math.round(base), 1_000_000);
  return { net: grossCents - withholding, withholding };
}

export interface LedgerEntry {
  _id: string;
  at: string;
  kind: 'provvigione' | 'storno' | 'pagamento' | 'anticipo' | 'rettifica' | string;
  amount: number;
  gross: number;
  withholding: number;
  description: string;
  policyId: string | null;
}

/** Credits, debits and the closing balance in cents. */
export function ledgerSummary(opening: number, entries: readonly Pick<LedgerEntry, 'amount'>[]) {
  let credits = 0;
  let debits = 0;
  for (const entry of entries) {
    const cents = toCents(entry.amount);
    if (cents >= 0) credits += cents;
    else debits += cents;
  }
  const start = toCents(opening);
  return { opening: start, credits, debits, closing: start + credits + debits };
}

/**
 * The months a statement can be asked for, newest first: from `current` ('2026-11') back
 * `count` months, each labelled in `language` ('novembre 2026'), whatever the browser's own.
 */
export function monthChoices(current: string, count: number, language: string): { value: string; label: string }[] {
  const [year, month] = current.split('-').map(Number) as [number, number];
  const label = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return Array.from({ length: count }, (_, back) => {
    const date = new Date(Date.UTC(year, month - 1 - back, 1));
    const value = `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
    return { value, label: label.format(date) };
  });
}

/** `2026-02` → ['2026-02-01', '2026-02-28'] (the month's first to last day, SPEC §9). */
export function monthBounds(month: string): [string, string] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return [`${year}-${pad(number)}-01`, `${year}-${pad(number)}-${pad(last)}`];
}

/** Cents as it-IT euros, always grouped ('1.050,00 €': the host API's formatter). */
export const euros = (cents: number): string => formatCents(cents);

const romeDay = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' });

/** An instant as its day in Rome, dd/mm/yyyy. */
export const romeDate = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : romeDay.format(date);
};

/** Every month from `from` to `to` (ISO days) with its amount, months without commissions at
 * 0 (a chart's gaps are months, not missing bars), labelled in the user's language. At most
 * 240 months: a longer range shows its last 20 years. */
export function monthSeries(
  from: string,
  to: string,
  months: readonly { month: string; amount: number }[],
  language: string,
): { label: string; amount: number }[] {
  const amounts = new Map(months.map((m) => [m.month, m.amount]));
  const label = new Intl.DateTimeFormat(language, { month: 'short', year: '2-digit', timeZone: 'UTC' });
  const series: { label: string; amount: number }[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    series.push({ label: label.format(Date.UTC(year, month - 1, 1)), amount: amounts.get(key) ?? 0 });
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return series.slice(-240);
}
