/**
 * The app's services as a rendered screen reads them, for a component test: a session whose
 * state is `state` (nothing subscribes, watches or calls for real), an empty data store, no
 * lookups and no product modules. `session` overrides parts of the session (a call's answers).
 */
import { vi } from 'vitest';
import { wordingForAppName } from '../lib/wording';
import type { AppServices } from '../session/context';
import { DataStore } from '../store/store';

/** A session signed in to assicurapp as `role` (an admin unless told), its data loaded. */
export function signedIn(role: Record<string, unknown> = { admin: true }): object {
  return {
    phase: 'authenticated', user: { _id: 'me', name: 'Io', role }, settings: {}, usersLoaded: true,
    dataLoadedAt: 1, connected: true, banner: null,
    tenant: { appName: 'assicurapp', wording: wordingForAppName('assicurapp'), products: [], menuOnly: null, maxUploadMb: 20 },
  };
}

export function stubServices({ state = {}, session = {}, store = new DataStore() }: { state?: object; session?: object; store?: DataStore } = {}): AppServices {
  return {
    session: { getState: () => state, subscribe: () => () => {}, watch: () => () => {}, invoke: vi.fn(), ...session },
    store,
    lookups: { request: vi.fn() },
    modules: {},
  } as unknown as AppServices;
}
