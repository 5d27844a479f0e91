/**
 * The policy screens' rules (SPEC §3, §4, §9) as pure functions: the customer's name, the
 * instalment totals to the cent (integer cents, never float sums), what is due now, the list's
 * filters and sort. `due` follows the server's rule (core/domain/policies/links.py): the unpaid,
 * unsuspended instalments already due, else the next unpaid one; UNICO: the premium until paid.
 */
import { formatCents } from '@sportello/host-api';
import { rangeBounds } from '../quotes/dates';
import { policyAlerts } from '../../store/selectors';

export interface Instalment {
  n: number;
  cassa: string | null;
  price: { tot: number; agente?: { tot: number } };
  paid: boolean;
  paidAt?: string | null;
  paidMethod?: string | null;
  info?: { SOSP?: boolean } & Record<string, unknown>;
}

export interface PolicyLike {
  _id: string;
  [field: string]: unknown;
}


export interface PolicyFilters {
  search: string;
  from: string | null;
  to: string | null;
  company: string | null;
  collaborator: string | null;
  expiring: boolean;
  unpaid: boolean;
}

export const DEFAULT_POLICY_FILTERS: PolicyFilters = {
  search: '',
  from: null,
  to: null,
  company: null,
  collaborator: null,
  expiring: false,
  unpaid: false,
};

/** Euros (a JSON number with at most two decimals) as integer cents. */
export const toCents = (euros: unknown): number => (typeof euros === 'number' && Number.isFinite(euros) ? Math.round(euros * 100) : 0);

export const instalmentsOf = (policy: PolicyLike): Instalment[] => (Array.isArray(policy.rate) ? (policy.rate as Instalment[]) : []);

const usrData = (policy: PolicyLike): { _id?: unknown; value?: unknown; type?: unknown }[] => {
  const pr = policy.pr as { usrData?: unknown } | undefined;
  return Array.isArray(pr?.usrData) ? (pr.usrData as { _id?: unknown; value?: unknown }[]) : [];
};

/** Nome + Cognome from `pr.usrData`, else a `nome` entry. */
export function policyCustomer(policy: PolicyLike): string {
  const entries = usrData(policy);
  const value = (id: string) => {
    const found = entries.find((e) => e._id === id)?.value;
    return typeof found === 'string' ? found.trim() : '';
  };
  return [value('Nome'), value('Cognome')].filter(Boolean).join(' ') || value('nome');
}

const textOf = (value: unknown): string => {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && typeof (value as { value?: unknown }).value === 'string') return String((value as { value: string }).value);
  return '';
};

/** Everything the search box matches: customer, number, plate, fiscal code, company. */
export function policySearchText(policy: PolicyLike): string {
  return [policy.number, policy.company, ...usrData(policy).map((e) => textOf(e.value))].filter(Boolean).join(' ').toLowerCase();
}

export const isSuspended = (rata: Instalment) => Boolean(rata.info?.SOSP);

export interface Totals {
  paid: number;
  unpaid: number;
  due: number;
}

/** Paid, unpaid and due-now cents of a policy on `today` (YYYY-MM-DD). */
export function policyTotals(policy: PolicyLike, today: string): Totals {
  const rate = instalmentsOf(policy);
  if (!rate.length) {
    const premium = toCents(policy.premium);
    const paid = Boolean((policy.paid as { v?: boolean } | undefined)?.v);
    return { paid: paid ? premium : 0, unpaid: paid ? 0 : premium, due: paid ? 0 : premium };
  }
  let paid = 0;
  let unpaid = 0;
  let overdue = 0;
  let next: number | null = null;
  for (const rata of rate) {
    const cents = toCents(rata.price?.tot);
    if (rata.paid) {
      paid += cents;
      continue;
    }
    unpaid += cents;
    if (isSuspended(rata)) continue;
    if (rata.cassa && rata.cassa.slice(0, 10) <= today) overdue += cents;
    if (next === null) next = cents;
  }
  return { paid, unpaid, due: overdue || next || 0 };
}

export const hasUnpaid = (policy: PolicyLike) => instalmentsOf(policy).some((r) => !r.paid) || (!instalmentsOf(policy).length && !(policy.paid as { v?: boolean } | undefined)?.v);

/** Whether a policy passes the list's filters (`today` for the 16-day window). */
export function policyMatcher(filters: PolicyFilters, today: Date, extraText?: (p: PolicyLike) => string): (p: PolicyLike) => boolean {
  const words = filters.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const bounds = rangeBounds(filters.from, filters.to);
  return (policy) => {
    if (filters.company && policy.company !== filters.company) return false;
    if (filters.collaborator && policy.aId !== filters.collaborator && policy.agId !== filters.collaborator) return false;
    if (filters.expiring && !policyAlerts(policy, today)) return false;
    if (filters.unpaid && !hasUnpaid(policy)) return false;
    if (bounds) {
      const end = Date.parse(`${String(policy.endDate ?? '')}T12:00:00Z`);
      if (Number.isNaN(end) || end < bounds.start || end > bounds.end) return false;
    }
    if (words.length) {
      const text = policySearchText(policy) + (extraText ? ` ${extraText(policy).toLowerCase()}` : '');
      if (!words.every((word) => text.includes(word))) return false;
    }
    return true;
  };
}

/** Policies passing the filters, soonest end date first. */
export function filterPolicies<T extends PolicyLike>(policies: readonly T[], filters: PolicyFilters, today: Date, extraText?: (p: PolicyLike) => string): T[] {
  const matches = policyMatcher(filters, today, extraText);
  return policies
    .filter(matches)
    .sort((a, b) => String(a.endDate ?? '9999').localeCompare(String(b.endDate ?? '9999')) || (a._id < b._id ? -1 : 1));
}

/** Cents as it-IT euros, always grouped ('1.012,50 €'). */
export const euros = (cents: number) => formatCents(cents);

/** YYYY-MM-DD → DD/MM/YYYY. */
export function shortDate(value: unknown): string {
  const text = typeof value === 'string' ? value.slice(0, 10) : '';
  const [y, m, d] = text.split('-');
  return y && m && d ? `${d}/${m}/${y}` : '—';
}

/** Today in Europe/Rome as YYYY-MM-DD. */
export function romeToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
