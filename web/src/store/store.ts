/**
 * The client data store: collections keyed by `_id`, fed by `dbData` batches and change events.
 *
 * State is immutable: every change produces a new state object and new objects for the touched
 * collections, so React selectors can compare by reference. Items are never changed in place:
 * an update is a new object, so derived values may be cached per item object.
 */

export interface Item {
  _id: string;
  [field: string]: unknown;
}

/** A look-up placeholder while the real item is on its way (SPEC §3 'Lazy user and doc'). */
export interface Placeholder extends Item {
  loading: boolean;
  missing?: boolean;
}

export type Collection = Readonly<Record<string, Item>>;
export type Collections = Readonly<Record<string, Collection>>;

export interface StoreState {
  collections: Collections;
  /** Bumped on every change. */
  version: number;
}

/** A `dbData` batch: `{collection: {id: item | null}}`; `null` means deleted. */
export type Batch = Record<string, Record<string, Item | null> | null | undefined>;

/** A change event on a channel: `{operationType, p | u | c | d: item}`. */
export interface ChangeEvent {
  operationType: 'insert' | 'update' | 'replace' | 'delete' | string;
  [key: string]: unknown;
}

const EMPTY: Collection = Object.freeze({});
const ITEM_KEYS = ['p', 'u', 'c', 'd'];

type Listener = () => void;
type Items = Record<string, Item | null>;
/** Runs a function once, later (before the next paint in a browser). */
export type Schedule = (run: () => void) => void;

/** Before the next paint; a timer where frames do not run (hidden tab, tests without frames). */
export const nextFrame: Schedule = (run) => {
  if (typeof requestAnimationFrame === 'function' && globalThis.document?.visibilityState === 'visible') {
    requestAnimationFrame(() => run());
  } else {
    setTimeout(run, 16);
  }
};

export class DataStore {
  private state: StoreState = { collections: {}, version: 0 };
  private readonly listeners = new Set<Listener>();
  /** Batches held back, merged per collection (see `queueBatch`). */
  private queued: Record<string, Items> | null = null;
  private flushScheduled = false;

  constructor(private readonly schedule: Schedule = nextFrame) {}

  getState = (): StoreState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  collection(name: string): Collection {
    return this.state.collections[name] ?? EMPTY;
  }

  get(name: string, id: string): Item | undefined {
    return this.collection(name)[id];
  }

  /** Merge a `dbData` batch now; `null` items are removed. Returns the collections touched. */
  applyBatch(batch: Batch): string[] {
    this.commit(merge(this.withQueued(), batch));
    return Object.keys(batch);
  }

  /**
   * Hold a batch until `flush()` or the next direct write, merged with the batches held before
   * it: a sync's twenty batches then cost one copy of each collection and one notification,
   * not twenty. A direct write applies what is held first, so writes keep their order.
   */
  queueBatch(batch: Batch): void {
    this.queued ??= {};
    for (const [name, items] of Object.entries(batch)) Object.assign((this.queued[name] ??= {}), items);
  }

  /** Apply the held batches now (one notification), if any. */
  flush(): void {
    if (this.queued) this.commit(this.withQueued());
  }

  /** Apply the held batches at the next frame, with whatever else is held by then. */
  flushSoon(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    this.schedule(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  /** Replace a whole collection (e.g. `utenti` from the login answer). */
  setCollection(name: string, items: Record<string, Item>): void {
    this.commit({ ...this.withQueued(), [name]: { ...items } });
  }

  /** Apply a channel event: delete removes the item, anything else upserts it. */
  applyChange(name: string, event: ChangeEvent): void {
    const item = ITEM_KEYS.map((key) => event[key]).find(isItem);
    if (!item) return;
    this.applyBatch({ [name]: { [item._id]: event.operationType === 'delete' ? null : item } });
  }

  /** Forget these collections, queued batches too (a stream the user may no longer read). */
  drop(names: readonly string[]): void {
    const collections = { ...this.withQueued() };
    const present = names.filter((name) => name in collections);
    if (!present.length) return;
    for (const name of present) delete collections[name];
    this.commit(collections);
  }

  /** Forget everything, queued batches too (logout). */
  clear(): void {
    this.queued = null;
    this.commit({});
  }

  /** The collections with the queued batches merged in; the queue is then empty. */
  private withQueued(): Collections {
    const queued = this.queued;
    this.queued = null;
    return queued ? merge(this.state.collections, queued) : this.state.collections;
  }

  private commit(collections: Collections): void {
    this.state = { collections, version: this.state.version + 1 };
    for (const listener of [...this.listeners]) listener();
  }
}

/** New collections with the batch merged in; untouched collections are kept as they are. */
function merge(collections: Collections, batch: Batch): Record<string, Collection> {
  const next: Record<string, Collection> = { ...collections };
  for (const [name, items] of Object.entries(batch)) {
    const merged: Record<string, Item> = { ...(next[name] ?? EMPTY) };
    for (const [id, item] of Object.entries(items ?? {})) {
      if (item === null) delete merged[id];
      // decoded batches are owned by nobody else: an item is copied only to give it its `_id`
      else merged[id] = item._id == null ? { ...item, _id: id } : item;
    }
    next[name] = merged;
  }
  return next;
}

function isItem(value: unknown): value is Item {
  return typeof value === 'object' && value !== null && typeof (value as Item)._id === 'string';
}
