/** The overdue list (`GET /api/polizze/insolute`) and the reminder sent now (`inviaSollecito`). */
import { requestJson } from '../../lib/http';

export interface OverdueRow {
  policyId: string;
  number: string | null;
  company: string | null;
  customer: string;
  aId: string | null;
  n: number;
  due: string;
  tot: number;
  daysOverdue: number;
  cover: 'in_copertura' | 'sospesa' | 'insoluta_sei_mesi';
  coverLabel: string;
  suspendedSince: string | null;
  suspendsAt: string | null;
  resumesAt: string | null;
  hoursLeft: number | null;
}

export const OVERDUE_LIMIT = 1000;

export function loadOverdue(): Promise<OverdueRow[]> {
  return requestJson<OverdueRow[]>(`/api/polizze/insolute?limit=${OVERDUE_LIMIT}`);
}

/** Rows matching the search (customer, number, company) and the cover status. */
export function filterOverdue(rows: readonly OverdueRow[], search: string, status: string | null, statusOf: (row: OverdueRow) => string): OverdueRow[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((row) => {
    if (status && statusOf(row) !== status) return false;
    const text = [row.customer, row.number, row.company].join(' ').toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
