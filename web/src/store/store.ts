/**
 * The client data store: collections keyed by `_id`, fed by `dbData` batches and change events.
 *
 * State is immutable: every change produces a new state object and new objects for the touched
 * collections, so React selectors can compare by reference.
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

export class DataStore {
  private state: StoreState = { collections: {}, version: 0 };
  private readonly listeners = new Set<Listener>();

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

  /** Merge a `dbData` batch; `null` items are removed. Returns the collections touched. */
  applyBatch(batch: Batch): string[] {
    const touched: string[] = [];
    const next: Record<string, Collection> = { ...this.state.collections };
    for (const [name, items] of Object.entries(batch)) {
      touched.push(name);
      const merged: Record<string, Item> = { ...(next[name] ?? EMPTY) };
      for (const [id, item] of Object.entries(items ?? {})) {
        if (item === null) delete merged[id];
        else merged[id] = { ...item, _id: item._id ?? id };
      }
      next[name] = merged;
    }
    this.commit(next);
    return touched;
  }

  /** Replace a whole collection (e.g. `utenti` from the login answer). */
  setCollection(name: string, items: Record<string, Item>): void {
    this.commit({ ...this.state.collections, [name]: { ...items } });
  }

  /** Apply a channel event: delete removes the item, anything else upserts it. */
  applyChange(name: string, event: ChangeEvent): void {
    const item = ITEM_KEYS.map((key) => event[key]).find(isItem);
    if (!item) return;
    this.applyBatch({ [name]: { [item._id]: event.operationType === 'delete' ? null : item } });
  }

  /** Forget everything (logout). */
  clear(): void {
    this.commit({});
  }

  private commit(collections: Record<string, Collection>): void {
    this.state = { collections, version: this.state.version + 1 };
    for (const listener of [...this.listeners]) listener();
  }
}

function isItem(value: unknown): value is Item {
  return typeof value === 'object' && value !== null && typeof (value as Item)._id === 'string';
}
