/** What the whole shell shares: the session, the data store and the look-up queue. */
import { createContext, useContext, useRef, useSyncExternalStore } from 'react';
import type { ModuleRegistry } from '../federation/remotes';
import type { Session, SessionState } from '../session/session';
import type { LookupQueue } from '../store/lookups';
import type { DataStore, StoreState } from '../store/store';

export interface AppServices {
  session: Session;
  store: DataStore;
  lookups: LookupQueue;
  modules: ModuleRegistry;
  /** Warm a path's screens before the navigation to it (the router's loaders; ../app/preload). */
  preload?: (path: string) => void;
}

export const AppContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(AppContext);
  if (!services) throw new Error('AppContext missing');
  return services;
}

export function useSession(): SessionState {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.getState);
}

/** A selector over the store, recomputed once per store change (pass a stable function). */
export function useStoreSelector<T>(selector: (state: StoreState) => T): T {
  const { store } = useServices();
  const cache = useRef<{ state: StoreState; selector: unknown; value: T } | null>(null);
  const snapshot = () => {
    const state = store.getState();
    const cached = cache.current;
    if (cached && cached.state === state && cached.selector === selector) return cached.value;
    const value = selector(state);
    // equal primitives keep their identity anyway; objects are recomputed once per change
    cache.current = { state, selector, value };
    return value;
  };
  return useSyncExternalStore(store.subscribe, snapshot);
}

/** Re-render when a product module's state changes; returns the registry. */
export function useModules(): ModuleRegistry {
  const { modules } = useServices();
  useSyncExternalStore(modules.subscribe, modules.getVersion);
  return modules;
}
