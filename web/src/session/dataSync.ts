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
 */
import type { Batch, Collections, DataStore } from '../store/store';
import type { Socket } from './socket';

export const SYNC_WAIT_MS = 3000;
export const SYNC_SETTLE_MS = 300;
/** Streams of the initial sync (SPEC §7 'getDbData (initial)'). */
export const SYNC_STREAMS = ['preventivi', 'polizze', 'usr', 'chat'] as const;

export class DataSync {
  private watermark: unknown = undefined;
  private syncing: Promise<void> | null = null;
  private dbDataSink: ((batch: Batch) => void) | null = null;
  private listening = false;

  /**
   * `written` runs once per sync when its data is in the store (or the sync failed): what
   * goes with the data (the unread counts) then arrives with the lists, not 300 ms later.
   */
  constructor(
    private readonly socket: Socket,
    private readonly store: DataStore,
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
    const request: Record<string, unknown> = Object.fromEntries(SYNC_STREAMS.map((s) => [s, []]));
    const delta = this.watermark !== undefined;
    if (delta) request.wm = this.watermark;
    try {
      await waitSubscribed(channel, SYNC_WAIT_MS);
      mark('sync:asked');
      const answer = await this.socket.invoke<{ tot?: number; wm?: unknown }>('getDbData', request);
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
      // with a watermark honoured the batches are changes; otherwise a full snapshot
      if (!(delta && answer?.wm !== undefined)) this.dropStale(before, received);
      if (answer?.wm !== undefined) this.watermark = answer.wm;
    } catch (error) {
      console.warn('getDbData', error);
    } finally {
      this.store.flush();
      this.dbDataSink = null;
      done();
    }
  }

  /**
   * After a full snapshot: remove from the collections it brought the items that were in the
   * store before the sync, are not in the snapshot and are untouched since (the same object).
   * Items a change event or a look-up added or changed meanwhile stay, and so do the
   * collections only a look-up answer brought during the sync.
   */
  private dropStale(before: Collections, received: Map<string, Set<string>>): void {
    this.store.flush(); // batches that came after the answer
    const stale: Batch = {};
    for (const name of SYNC_STREAMS) {
      const ids = received.get(name);
      if (!ids) continue;
      const now = this.store.collection(name);
      const gone = Object.entries(before[name] ?? {}).filter(([id, item]) => !ids.has(id) && now[id] === item);
      if (gone.length) stale[name] = Object.fromEntries(gone.map(([id]) => [id, null]));
    }
    if (Object.keys(stale).length) this.store.applyBatch(stale);
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
