import type { DataStore, Item, Placeholder } from './store';

/** The look-up kinds of `getDbData (lazy)` and the store collection each one fills. */
export const LOOKUP_COLLECTIONS = { usr: 'usr', docs: 'docs' } as const;
export type LookupKind = keyof typeof LOOKUP_COLLECTIONS;

export const LOOKUP_BATCH_MS = 1000;

type Send = (request: Record<LookupKind, string[]>) => Promise<unknown>;

/**
 * Lazy users and documents: a missing id gets a placeholder with `loading: true` at once
 * (returned at once, in the store from the next frame), and the ids asked for within one
 * second travel together in one `getDbData` call.
 * The answer arrives on `dbData` before the call is acknowledged; whatever is still a
 * placeholder then does not exist (or may not be seen) and is marked `missing`.
 */
export class LookupQueue {
  private pending: Record<LookupKind, Set<string>> = { usr: new Set(), docs: new Set() };
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly store: DataStore,
    private readonly send: Send,
    private readonly delayMs = LOOKUP_BATCH_MS,
  ) {}

  /** The item, or a placeholder while it loads. */
  request(kind: LookupKind, id: string): Item {
    const name = LOOKUP_COLLECTIONS[kind];
    const known = this.store.get(name, id);
    if (known) return known;
    const placeholder: Placeholder = { _id: id, loading: true };
    // a screen asking for many ids at once costs one store write per frame, not one per id
    if (!this.pending[kind].has(id)) {
      this.store.queueBatch({ [name]: { [id]: placeholder } });
      this.store.flushSoon();
    }
    this.pending[kind].add(id);
    this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
    return placeholder;
  }

  async flush(): Promise<void> {
    this.timer = null;
    const request = { usr: [...this.pending.usr], docs: [...this.pending.docs] };
    this.pending = { usr: new Set(), docs: new Set() };
    if (!request.usr.length && !request.docs.length) return;
    this.store.flush(); // the placeholders are in the store before the answer is awaited
    try {
      await this.send(request);
    } finally {
      this.settle(request);
    }
  }

  private settle(request: Record<LookupKind, string[]>): void {
    for (const kind of Object.keys(request) as LookupKind[]) {
      const name = LOOKUP_COLLECTIONS[kind];
      const stale = request[kind].filter((id) => (this.store.get(name, id) as Placeholder)?.loading);
      if (stale.length) {
        this.store.applyBatch({
          [name]: Object.fromEntries(
            stale.map((id) => [id, { _id: id, loading: false, missing: true }]),
          ),
        });
      }
    }
  }
}
