/** What the quote screens and shared components read from the shell: user, roles, calls, data. */
import { notifications } from '@mantine/notifications';
import { useCallback, useMemo } from 'react';
import { useServices, useSession, useStoreSelector } from '../../session/context';
import { notifyError } from '../../lib/notify';
import { useAccess } from '../../session/useAccess';
import { canEdit } from '../../lib/roles';
import { storedToken } from '../../session/storage';
import type { StatusSetting } from '../../store/selectors';
import type { Collection, StoreState } from '../../store/store';
import type { CallOptions } from '@sportello/host-api';

const EMPTY: Collection = Object.freeze({});
const STATUSES_NONE: StatusSetting[] = [];

/** Stable selectors per collection name (useStoreSelector wants stable functions). */
const selectors = new Map<string, (state: StoreState) => Collection>();
export function collectionSelector(name: string): (state: StoreState) => Collection {
  let selector = selectors.get(name);
  if (!selector) {
    selector = (state) => state.collections[name] ?? EMPTY;
    selectors.set(name, selector);
  }
  return selector;
}

/** A live store collection. */
export function useCollection(name: string): Collection {
  return useStoreSelector(collectionSelector(name));
}

/** An error's message as the server (or the socket library) gave it. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const notify = {
  success: (message: string) => notifications.show({ color: 'green', message }),
  error: (message: string) => notifyError(message),
};

/** The current user's id, flags, statuses, realtime call and look-ups. */
export function useQuoteEnv() {
  const { session, lookups, store } = useServices();
  const { user, settings, tenant } = useSession();
  const { flags } = useAccess();
  const users = useCollection('usr');
  const call = useCallback(
    <T = unknown,>(name: string, data?: unknown, options?: CallOptions) =>
      options ? session.invoke<T>(name, data, options) : session.invoke<T>(name, data),
    [session],
  );
  const userName = useCallback(
    (id: unknown) => {
      if (typeof id !== 'string' || !id) return '';
      const found = users[id];
      if (!found) queueMicrotask(() => lookups.request('usr', id));
      return String(found?.name ?? found?.email ?? '');
    },
    [users, lookups],
  );
  return useMemo(
    () => ({
      user,
      userId: user?._id ?? '',
      flags,
      canEdit: canEdit(flags),
      statuses: settings?.stati ?? STATUSES_NONE,
      appName: tenant.appName,
      maxUploadMb: tenant.maxUploadMb,
      wording: tenant.wording,
      token: () => storedToken(tenant.appName, localStorage) ?? '',
      call,
      userName,
      lookups,
      store,
    }),
    [user, flags, settings, tenant, call, userName, lookups, store],
  );
}
