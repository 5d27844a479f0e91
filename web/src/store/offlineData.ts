/**
 * The device's copy of the last synced data, so the app opens offline (read-only) after a
 * reload or a fresh launch of the installed app. Loaded after sign-in, never by the login.
 *
 * One snapshot per origin (a tenant's host), keyed `{tenant}/{user}` in IndexedDB (idb-keyval):
 * the store's collections, the sync cursor, the signed-in user as the server last described
 * them, the tenant's public configuration and the user's menu, lines and streams. Never a
 * token, a password or a code: the cached user only lets the app show this data read-only;
 * the server decides again when the network returns.
 *
 * Written a second after the store settles (at most every ten seconds under a steady stream
 * of changes), not on every message. Writing one user's snapshot deletes any other; the
 * session wipes it at logout and when the server says the session ended.
 */
import { clear, createStore, delMany, entries, set, type UseStore } from 'idb-keyval';
import type { User } from '../lib/roles';
import type { TenantConfig } from '../lib/tenant';
import type { MenuEntry } from '../menu/menu';
import type { SyncCursor } from '../session/dataSync';
import type { Settings } from '../session/session';
import type { Collection, Collections } from './store';

export const SNAPSHOT_VERSION = 1;
export const WRITE_DELAY_MS = 1000;
export const WRITE_MAX_DELAY_MS = 10_000;
const DATABASE = 'sportello-offline';
const TABLE = 'snapshots';

export interface Snapshot {
  version: typeof SNAPSHOT_VERSION;
  tenant: TenantConfig;
  user: User;
  settings: Settings;
  menu: MenuEntry[];
  lines: string[];
  streams: string[];
  collections: Collections;
  cursor: SyncCursor | null;
  /** When it was written (ms since the epoch). */
  savedAt: number;
}

/** What the writer follows: the changes, and the snapshot of now (null: nothing to keep). */
export interface SnapshotSource {
  subscribe(listener: () => void): () => void;
  snapshot(): Snapshot | null;
}

export function snapshotKey(tenant: string, user: string): string {
  return `${tenant}/${user}`;
}

export class OfflineData {
  private writing: Promise<void> = Promise.resolve();
  private stopKeeping: () => void = () => undefined;

  constructor(private readonly db: UseStore = createStore(DATABASE, TABLE)) {}

  /** The snapshot kept on this device, if any (and of this version). */
  async read(): Promise<Snapshot | null> {
    const found = (await entries<string, Snapshot>(this.db)).map(([, value]) => value);
    const snapshot = found.find((value) => value?.version === SNAPSHOT_VERSION);
    return snapshot ?? null;
  }

  /** Keep this snapshot as the only one: another user's (or tenant's) is deleted. */
  async write(snapshot: Snapshot): Promise<void> {
    const key = snapshotKey(snapshot.tenant.id, snapshot.user._id);
    await set(key, { ...snapshot, collections: withoutPlaceholders(snapshot.collections) }, this.db);
    const others = (await entries<string, unknown>(this.db)).map(([k]) => k).filter((k) => k !== key);
    if (others.length) await delMany(others, this.db);
  }

  /** Stop keeping, wait for a write under way, and forget everything kept on this device. */
  async wipe(): Promise<void> {
    await this.stop();
    await clear(this.db);
  }

  /**
   * Write the source's snapshot after each change, debounced: `delay` after the last change,
   * and at least every `maxDelay` while changes keep coming (one source at a time).
   */
  keep(source: SnapshotSource, delay = WRITE_DELAY_MS, maxDelay = WRITE_MAX_DELAY_MS): void {
    void this.stop();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let firstChange = 0;
    const write = () => {
      timer = null;
      const snapshot = source.snapshot();
      if (!snapshot) return;
      this.writing = this.writing.then(() => this.write(snapshot)).catch((error: unknown) => console.warn('offline data', error));
    };
    const changed = () => {
      const now = Date.now();
      if (timer) clearTimeout(timer);
      else firstChange = now;
      timer = setTimeout(write, Math.max(0, Math.min(delay, firstChange + maxDelay - now)));
    };
    const unsubscribe = source.subscribe(changed);
    changed(); // what the store holds now
    this.stopKeeping = () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
      timer = null;
    };
  }

  /** Stop writing; resolves once a write already under way has ended. */
  async stop(): Promise<void> {
    this.stopKeeping();
    this.stopKeeping = () => undefined;
    await this.writing;
  }
}

/** A look-up's placeholder is not data: restored offline it would stay 'loading' for ever. */
function withoutPlaceholders(collections: Collections): Collections {
  const kept: Record<string, Collection> = {};
  for (const [name, items] of Object.entries(collections)) {
    const entries = Object.entries(items);
    const real = entries.filter(([, item]) => item.loading !== true && item.missing !== true);
    kept[name] = real.length === entries.length ? items : Object.fromEntries(real);
  }
  return kept;
}

let shared: OfflineData | null = null;

/** The page's one writer: keeping and wiping go through the same one, in order. */
export function offlineData(): OfflineData {
  shared ??= new OfflineData();
  return shared;
}
