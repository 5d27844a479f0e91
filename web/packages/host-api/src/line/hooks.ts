/** What a line's list, creation form and practice page read from the shell, as hooks. */
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { HostItem, QuoteFilters } from '../contract';
import { quotesOfLine } from '../lines';
import { rememberedList, rememberList } from '../listMemory';
import { useHost } from '../useHost';

export interface QuoteList {
  /** The line's quotes (what the shell's toolbar counts). */
  quotes: HostItem[];
  /** The quotes passing the filters, in the shell's order. */
  rows: HostItem[];
  /** The toolbar's filters, and the same as the rows were last filtered with (deferred while typing). */
  filters: QuoteFilters;
  shownFilters: QuoteFilters;
  setFilters: (next: QuoteFilters) => void;
}

/**
 * A line's quote list (SPEC §2): its quotes from the live `preventivi` collection through the
 * shell's filters, sort and highlight rules, the filters kept in the list memory under `listKey`
 * so they survive navigation. The rows follow a deferred copy of the filters: typing stays smooth.
 */
export function useQuoteList(line: string, listKey: string): QuoteList {
  const host = useHost();
  const collection = host.useCollection('preventivi');
  const [filters, setShown] = useState<QuoteFilters>(() => rememberedList(listKey, host.quotes.defaultFilters).filters);
  const shownFilters = useDeferredValue(filters);
  const quotes = useMemo(() => quotesOfLine(collection, line), [collection, line]);
  const rows = useMemo(() => host.quotes.filter(quotes, shownFilters), [host.quotes, quotes, shownFilters]);
  const setFilters = useCallback(
    (next: QuoteFilters) => {
      setShown(next);
      rememberList(listKey, next, { filters: next });
    },
    [listKey],
  );
  return { quotes, rows, filters, shownFilters, setFilters };
}

/**
 * The collaborator a quote is for (`aId`): their record from the live `usr` collection (the
 * logged-in user's own when it is theirs), undefined until it arrives; a missing one is looked up.
 */
export function useQuoteAgent(quote: HostItem): HostItem | undefined {
  const host = useHost();
  const users = host.useCollection('usr');
  const agentId = typeof quote.aId === 'string' ? quote.aId : '';
  // the agent's user may not be synced yet: asking for its name queues the look-up
  if (agentId && !users[agentId]) host.userName(agentId);
  return users[agentId] ?? (host.user._id === agentId ? host.user : undefined);
}

/**
 * Whose quote a creation form makes: the agent's own (null), or the collaborator an admin or a
 * responsabile picked, kept in the address's `?aId=` (where NewQuoteAction sends them).
 */
export function useAgentChoice(): [string | null, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const agentId = params.get('aId');
  const choose = (id: string | null) => setParams(id ? { aId: id } : {}, { replace: true });
  return [agentId, choose];
}
