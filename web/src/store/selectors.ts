import type { RoleFlags } from '../lib/roles';
import { roleNames } from '../lib/roles';
import { totalUnread, UNREAD } from '../session/chatUnread';
import type { Item, StoreState } from './store';

/** A quote status setting (SPEC §3 'Status setting'). */
export interface StatusSetting {
  id: number;
  name: string;
  canSelectedBy?: string[];
  alert?: string[];
}

export const POLICY_ALERT_DAYS = 16;
const DAY_MS = 86_400_000;

const values = (state: StoreState, name: string): Item[] =>
  Object.values(state.collections[name] ?? {});

function alertsFor(flags: RoleFlags, statusName: unknown, statuses: StatusSetting[]): boolean {
  const status = statuses.find((s) => s.name === statusName);
  const roles = roleNames(flags);
  return Boolean(status?.alert?.some((role) => roles.includes(role)));
}

/**
 * The alert rule of SPEC §4 for one quote, whatever its product line. Admin and responsabile:
 * not archived, and the status alerts their role or there is no docStatus. Others: docStatus -1.
 * Employees and users without a role: never.
 */
function alerting(flags: RoleFlags, quote: Item, statuses: StatusSetting[]): boolean {
  if (flags.employee || !flags.any) return false;
  if (!(flags.admin || flags.responsabile)) return quote.docStatus === -1;
  if (quote.archived) return false;
  return quote.docStatus == null || alertsFor(flags, quote.status, statuses);
}

const isManager = (flags: RoleFlags) => flags.admin || flags.responsabile;

/**
 * Whether a quote counts in the Preventivi chip (SPEC §4 'Alerts'): for admin and responsabile
 * only plain quotes (no type); for others every quote with docStatus -1.
 */
export function quoteAlerts(flags: RoleFlags, quote: Item, statuses: StatusSetting[]): boolean {
  if (isManager(flags) && quote.type) return false;
  return alerting(flags, quote, statuses);
}

/** The chip of a product line's own menu entry: its typed quotes, by the same rule. */
export const lineChip = (productId: string): string => `line:${productId}`;

/** Whether a policy counts in the Polizze chip: not typed, ending within 0–16 days. */
export function policyAlerts(policy: Item, today: Date): boolean {
  const practice = policy.pr as { type?: unknown } | undefined;
  if (policy.type || practice?.type || !policy.endDate) return false;
  const end = new Date(String(policy.endDate));
  if (Number.isNaN(end.getTime())) return false;
  const startOfDay = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  const days = Math.round((startOfDay(end) - startOfDay(today)) / DAY_MS);
  return days >= 0 && days <= POLICY_ALERT_DAYS;
}

/** Whether a claim counts in the Sinistri chip: still `aperto`, waiting on the office. */
export const claimWaiting = (claim: Item): boolean => claim.status === 'aperto';

/** Count chips of the side menu, keyed by chip name (a product line's: `lineChip(id)`). */
export function selectMenuChips(
  state: StoreState,
  flags: RoleFlags,
  statuses: StatusSetting[],
  today: Date,
): Record<string, number> {
  const chips: Record<string, number> = {
    preventivi: 0,
    polizze: values(state, 'polizze').filter((p) => policyAlerts(p, today)).length,
    sinistri: values(state, 'sinistri').filter(claimWaiting).length,
    chat: totalUnread(state.collections[UNREAD] as Record<string, { n?: unknown }> | undefined),
  };
  for (const quote of values(state, 'preventivi')) {
    if (!alerting(flags, quote, statuses)) continue;
    const keys = quote.type ? [lineChip(String(quote.type))] : [];
    if (!(isManager(flags) && quote.type)) keys.push('preventivi');
    for (const key of keys) chips[key] = (chips[key] ?? 0) + 1;
  }
  return chips;
}

/** Users of the session by id (the login answer's `utenti` plus look-ups). */
export const selectUser = (state: StoreState, id: string): Item | undefined =>
  state.collections.usr?.[id];
