/**
 * The `HostContext` (./contract) the shell gives a product module's routes: the user and role
 * flags, live collections, realtime calls, notifications, statuses, the quote-list rules and
 * the shared quote components, all from the shell's own features.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useServices, useSession, useStoreSelector } from '../session/context';
import { collectionSelector, notify, useQuoteEnv } from '../features/quotes/env';
import { romeDateTime } from '../features/quotes/fieldText';
import { customerName, DEFAULT_FILTERS, filterQuotes, isHighlighted, statusColor } from '../features/quotes/quoteLogic';
import type { CollectionName, Collections, HostContext, HostItem } from '@sportello/host-api';
import { hostUi } from './hostUi';
import { usePageTitle } from '../layout/pageTitleStore';

/**
 * A live store collection, as a hook (`host.useCollection('preventivi')`). The store holds what
 * the server sent for the stream; the record type is the one the module declared for it.
 */
const useCollection: HostContext['useCollection'] = <K extends CollectionName>(name: K) =>
  useStoreSelector(collectionSelector(name)) as unknown as Readonly<Record<string, Collections[K]>>;

/** A channel followed while the calling component is mounted (the latest `onEvent` hears). */
const useChannel: HostContext['useChannel'] = (channel, onEvent) => {
  const { session } = useServices();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => session.watch(channel, (event) => handler.current(event)), [session, channel]);
};

export function useHostContext(): HostContext {
  const env = useQuoteEnv();
  const { user, flags, canEdit, statuses, call, userName } = env;
  const dataLoaded = useSession().dataLoadedAt !== null;
  return useMemo<HostContext>(
    () => ({
      userName: (id) => userName(id),
      user: (user ?? { _id: '' }) as HostItem,
      flags: {
        admin: flags.admin,
        responsabile: flags.responsabile,
        employee: flags.employee,
        agent: flags.agent,
        referrer: flags.referrer,
        parentAgentId: flags.parentAgentId,
        canEdit,
      },
      dataLoaded,
      useCollection,
      useChannel,
      usePageTitle,
      call: (name, data, options) => call(name, data, options),
      notify,
      statuses,
      quotes: {
        filter: (quotes, filters) => filterQuotes(quotes, filters, { extraText: (q) => userName(q.aId) }),
        highlighted: (quote) => isHighlighted(quote, flags, statuses),
        statusColor,
        customerName,
        defaultFilters: DEFAULT_FILTERS,
      },
      format: { dateTime: romeDateTime },
      ui: hostUi,
    }),
    [user, flags, canEdit, statuses, call, userName, dataLoaded],
  );
}
