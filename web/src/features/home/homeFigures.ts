/**
 * The home's figures, from the synced quotes: the same quotes the /preventivi list holds, so
 * the card's total is what its 'Apri' leads to.
 */
import type { RoleFlags, User } from '../../lib/roles';
import type { Item } from '../../store/store';

/** A quote of the /preventivi list: no product line of its own, not archived. */
function listed(quote: Item): boolean {
  return !quote.type && !quote.archived;
}

const issued = (quote: Item): boolean => Boolean((quote.quote as { policyId?: unknown } | undefined)?.policyId);

/** The quotes the /preventivi list holds across its three tabs (archived ones aside). */
export function listedQuotes(quotes: Iterable<Item>): number {
  let count = 0;
  for (const quote of quotes) if (listed(quote)) count += 1;
  return count;
}

/**
 * Quotes still open (listed, no policy yet) counted by status, the largest first; a quote
 * with no status counts under `noStatus`, the label the list's badge shows.
 */
export function openQuotesByStatus(quotes: Iterable<Item>, noStatus: string): [string, number][] {
  const counts = new Map<string, number>();
  for (const quote of quotes) {
    if (!listed(quote) || issued(quote)) continue;
    const status = quote.status ? String(quote.status) : noStatus;
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'it'));
}

/** The employee's figures from the synced users: how many, who has no role yet (newest
 * registrations wait for one), how many are suspended. */
export function usersAtWork(
  users: readonly User[],
  flagsOf: (user: User) => RoleFlags,
): { total: number; waiting: User[]; suspended: number } {
  const waiting = users
    .filter((user) => !flagsOf(user).any && !user.suspended)
    .sort((a, b) => String(a.name || a.email).localeCompare(String(b.name || b.email), 'it'));
  return { total: users.length, waiting, suspended: users.filter((user) => user.suspended).length };
}
