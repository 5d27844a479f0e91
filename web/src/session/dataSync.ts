/**
 * `getDbData` (SPEC §7): the initial sync, the resync after a reconnect (with the last
 * watermark, when the server gives one) and the lazy look-ups, all answered on `dbData`.
 * Wait up to 3 s for the collections, then 300 ms after the last one arrived.
 *
 * The batches are held in the store (`DataStore.queueBatch`) and written at once when the
 * server answers, which it does after its last batch: one store write and one render of the
 * lists for the whole sync, without the 300 ms, which only decide when the sync is over. A
 * full snapshot then drops what it did not bring. The lists do not show the first batches
 * alone: the server sends quotes in no particular order, so they would not be the list's top.
 *
 * The streams synced are the server's (`streams` in the session payload: every publication
 * the user may read now, core's and the product lines' alike); the shell names none. A
 * stream the last sync did not bring (a line switched on since) makes the next one full.
 */
import type { Batch, Collections, DataStore } from '../store/store';
import type { Socket } from './socket';

/**
 * Where the last sync left off: its watermark and the streams it brought. Kept with the
 * device's copy of the data (./offlineData), so the first sync after an offline start asks
 * only for what changed since.
 */
export interface SyncCursor {
  wm: unknown;
  streams: string[];
}

export const SYNC_WAIT_MS = 3000;
export const SYNC_SETTLE_MS = 300;
/** The longest a refused sync waits to be asked again, whatever the server says. */
const MAX_RETRY_S = 60;

export class DataSync {
  private watermark: unknown = undefined;
  private syncing: Promise<void> | null = null;
  private dbDataSink: ((batch: Batch) => void) | null = null;
  private listening = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  /** The streams the last sync brought: a resync with the watermark covers only these. */
  private synced = new Set<string>();

  /**
   * `written` runs once per sync when its data is in the store (or the sync failed): what
   * goes with the data (the unread counts) then arrives with the lists, not 300 ms later.
   * `streams` gives the streams the user may read now, as the server listed them.
   */
  constructor(
    private readonly socket: Socket,
    private readonly store: DataStore,
    private readonly streams: () => readonly string[],
    private readonly written: () => void = () => undefined,
  ) {
    // subscribed with the socket: the subscription goes out as soon as the socket is
    // authenticated, and getDbData does not wait for it behind the streams' subscriptions
    this.dbDataChannel();
  }

  /** Initial sync, or a resync with the last watermark after a reconnect. */
  sync(): Promise<void> {
    this.syncing ??= this.runSync().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async runSync(): Promise<void> {
    const channel = this.dbDataChannel();
    const before = this.store.getState().collections;
    /** The ids each collection's batches brought. */
    const received = new Map<string, Set<string>>();
    let arrivals = 0;
    let arrived: () => void = () => undefined;
    this.dbDataSink = (batch) => {
      if (arrivals === 0) mark('sync:first-batch');
      for (const [name, items] of Object.entries(batch ?? {})) {
        const ids = received.get(name) ?? received.set(name, new Set()).get(name)!;
        for (const id in items) ids.add(id);
      }
      if (batch) this.store.queueBatch(batch);
      arrivals += 1;
      arrived();
    };
    let done = () => {
      done = () => undefined;
      this.written();
    };
    const streams = [...this.streams()];
    const request: Record<string, unknown> = Object.fromEntries(streams.map((s) => [s, []]));
    const delta = this.watermark !== undefined && streams.every((s) => this.synced.has(s));
    if (delta) request.wm = this.watermark;
    try {
      await waitSubscribed(channel, SYNC_WAIT_MS);
      mark('sync:asked');
      const answer = await this.socket.invoke<{ tot?: number; wm?: unknown; full?: boolean }>('getDbData', request);
      mark('sync:answered');
      this.store.flush();
      done();
      const expected = Number(answer?.tot ?? 0);
      // all collections in, then 300 ms more; never longer than 3 s
      await new Promise<void>((resolve) => {
        const cap = setTimeout(resolve, SYNC_WAIT_MS);
        arrived = () => {
          if (received.size < expected && arrivals < expected) return;
          arrived = () => undefined;
          clearTimeout(cap);
          setTimeout(resolve, SYNC_SETTLE_MS);
        };
        arrived();
      });
      // with a watermark honoured the batches are changes; otherwise (a watermark older than
      // the tombstones kept gets `full`) a full snapshot
      if (!(delta && answer?.wm !== undefined && answer.full !== true)) this.dropStale(before, received, streams);
      if (answer?.wm !== undefined) this.watermark = answer.wm;
      this.synced = new Set(streams);
    } catch (error) {
      console.warn('getDbData', error);
      this.retryWhenAllowed(error);
    } finally {
      this.store.flush();
      this.dbDataSink = null;
      done();
    }
  }

  /** Where the last sync left off, or null before the first one ended. */
  cursor(): SyncCursor | null {
    return this.watermark === undefined ? null : { wm: this.watermark, streams: [...this.synced] };
  }

  /** Go on from a cursor kept on the device: the next sync asks for what changed since. */
  resume(cursor: SyncCursor): void {
    this.watermark = cursor.wm;
    this.synced = new Set(cursor.streams);
  }

  /**
   * A sync the server refused for now (its budget of full syncs, a busy database) says when
   * to ask again (`retryAfter`, seconds): one sync is asked again then, so the lists fill
   * without the user reloading the page, which would only be refused in turn.
   */
  private retryWhenAllowed(error: unknown): void {
    const seconds = Number((error as { retryAfter?: unknown } | null)?.retryAfter);
    if (!(seconds > 0) || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.sync();
    }, Math.min(seconds, MAX_RETRY_S) * 1000);
  }

  /**
   * After a full snapshot: remove from the collections it brought the items that were in the
   * store before the sync, are not in the snapshot and are untouched since (the same object).
   * Items a change event or a look-up added or changed meanwhile stay, and so do the
   * collections only a look-up answer brought during the sync.
   */
  private dropStale(before: Collections, received: Map<string, Set<string>>, streams: readonly string[]): void {
    this.store.flush(); // batches that came after the answer
    const stale: Batch = {};
    for (const name of streams) {
      const ids = received.get(name);
      if (!ids) continue;
      const now = this.store.collection(name);
      const gone = Object.entries(before[name] ?? {}).filter(([id, item]) => !ids.has(id) && now[id] === item);
      if (gone.length) stale[name] = Object.fromEntries(gone.map(([id]) => [id, null]));
    }
    if (Object.keys(stale).length) this.store.applyBatch(stale);
  }

  /**
   * Streams the user may no longer read (their line switched off, taken away): their
   * collections leave the store, and a later sync that brings them back is a full one.
   */
  forget(names: readonly string[]): void {
    for (const name of names) this.synced.delete(name);
    this.store.drop(names);
  }

  /** `dbData` stays subscribed: sync batches go to the running sync, look-ups to the store. */
  private dbDataChannel() {
    const channel = this.socket.subscribe<Batch>('dbData', { waitForAuth: true });
    if (!this.listening) {
      this.listening = true;
      void (async () => {
        for await (const batch of channel) {
          if (this.dbDataSink) this.dbDataSink(batch);
          else if (batch) this.store.applyBatch(batch);
        }
      })();
    }
    return channel;
  }

  /** Ask for missing users and documents (the store's look-up queue calls this). */
  lookup(request: Record<string, string[]>): Promise<unknown> {
    this.dbDataChannel();
    return this.socket.invoke('getDbData', request);
  }
}

async function waitSubscribed(channel: { state?: string; listener(e: 'subscribe'): AsyncIterable<unknown> }, ms: number) {
  if (channel.state === 'subscribed') return;
  await Promise.race([
    (async () => {
      for await (const _ of channel.listener('subscribe')) return;
    })(),
    new Promise((resolve) => setTimeout(resolve, ms)),
  ]);
}

/** A User Timing mark: DevTools and the quote-list bench split a sync's time with them. */
function mark(name: string): void {
  globalThis.performance?.mark?.(name);
}
