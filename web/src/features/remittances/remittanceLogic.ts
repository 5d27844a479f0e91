/** Pure rules of the remittances screen. */
import type { Reconciliation, ReconciliationLine, Result } from './api';

export const RESULT_COLORS: Record<Result, string> = {
  ok: 'teal',
  importo_diverso: 'red',
  non_incassato: 'orange',
  non_in_estratto: 'grape',
};

/** A reconciliation answer holds lines; an empty object means none was imported yet. */
export const isReconciliation = (value: Reconciliation | Record<string, never> | null): value is Reconciliation =>
  !!value && 'items' in value;

/** Open differences first, then resolved ones, then the matches (the server's order, kept on a change). */
export function differencesFirst(lines: readonly ReconciliationLine[]): ReconciliationLine[] {
  const rank = (line: ReconciliationLine) => (line.result === 'ok' ? 2 : line.resolved ? 1 : 0);
  return lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => rank(a.line) - rank(b.line) || a.index - b.index)
    .map(({ line }) => line);
}

/** The month before `today` ('2026-11-29' → '2026-10'): remittances are issued for periods already over. */
export function previousMonth(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}
