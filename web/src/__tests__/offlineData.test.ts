import { IDBFactory } from 'fake-indexeddb';
import { createStore, keys } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TenantConfig } from '../lib/tenant';
import { OfflineData, SNAPSHOT_VERSION, type Snapshot } from '../store/offlineData';
import { DataStore } from '../store/store';

const TENANT = { id: 'assicurapp', appName: 'assicurapp', BUILD: 'b1' } as TenantConfig;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function snapshot(user: string, collections: Snapshot['collections'] = {}): Snapshot {
  return {
    version: SNAPSHOT_VERSION,
    tenant: TENANT,
    user: { _id: user, name: user, role: {} } as Snapshot['user'],
    settings: {},
    menu: [],
    lines: [],
    streams: ['polizze'],
    collections,
    cursor: { wm: 5, streams: ['polizze'] },
    savedAt: 1,
  };
}

/** The keys the database holds, read with a connection of its own. */
const storedKeys = () => keys(createStore('sportello-offline', 'snapshots'));

describe('OfflineData', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory(); // an empty database per test
  });

  it('writes a snapshot and reads it back, without look-up placeholders', async () => {
    const data = new OfflineData();
    await data.write(
      snapshot('u1', {
        polizze: { p1: { _id: 'p1', number: 'A1' } },
        usr: { u2: { _id: 'u2', loading: true }, u3: { _id: 'u3', loading: false, missing: true }, u4: { _id: 'u4', name: 'Anna' } },
      }),
    );
    const read = await new OfflineData().read();
    expect(read?.user._id).toBe('u1');
    expect(read?.cursor).toEqual({ wm: 5, streams: ['polizze'] });
    expect(read?.collections).toEqual({ polizze: { p1: { _id: 'p1', number: 'A1' } }, usr: { u4: { _id: 'u4', name: 'Anna' } } });
  });

  it("keeps one snapshot: another user's write deletes the first", async () => {
    const data = new OfflineData();
    await data.write(snapshot('u1', { polizze: { p1: { _id: 'p1' } } }));
    await data.write(snapshot('u2', { polizze: { p9: { _id: 'p9' } } }));
    expect((await data.read())?.user._id).toBe('u2');
    expect(await storedKeys()).toEqual(['assicurapp/u2']);
  });

  it('ignores a snapshot of another format', async () => {
    const data = new OfflineData();
    await data.write({ ...snapshot('u1'), version: 0 as typeof SNAPSHOT_VERSION });
    expect(await data.read()).toBeNull();
  });

  it('writes debounced: a burst of changes is one write, a steady stream at most every maxDelay', async () => {
    const data = new OfflineData();
    const store = new DataStore((run) => run());
    const write = vi.spyOn(data, 'write');
    data.keep({ subscribe: store.subscribe, snapshot: () => snapshot('u1', store.getState().collections) }, 30, 120);
    for (let i = 0; i < 50; i += 1) store.applyBatch({ polizze: { [`p${i}`]: { _id: `p${i}` } } });
    await wait(80);
    expect(write).toHaveBeenCalledTimes(1);
    expect(Object.keys((await data.read())!.collections.polizze!)).toHaveLength(50);
    // a change every 10 ms for 300 ms: the 30 ms quiet never comes, the 120 ms cap writes
    write.mockClear();
    for (let i = 0; i < 30; i += 1) {
      store.applyBatch({ polizze: { q: { _id: 'q', n: i } } });
      await wait(10);
    }
    expect(write.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(write.mock.calls.length).toBeLessThanOrEqual(4);
    await data.stop();
  });

  it('writes nothing while the source has nothing to keep', async () => {
    const data = new OfflineData();
    const store = new DataStore((run) => run());
    data.keep({ subscribe: store.subscribe, snapshot: () => null }, 5, 20);
    store.applyBatch({ polizze: { p1: { _id: 'p1' } } });
    await wait(40);
    expect(await data.read()).toBeNull();
  });

  it('wipe stops keeping, waits for a write under way and leaves nothing', async () => {
    const data = new OfflineData();
    const store = new DataStore((run) => run());
    data.keep({ subscribe: store.subscribe, snapshot: () => snapshot('u1', store.getState().collections) }, 0, 0);
    store.applyBatch({ polizze: { p1: { _id: 'p1' } } });
    await wait(1); // the write has started
    await data.wipe();
    store.applyBatch({ polizze: { p2: { _id: 'p2' } } }); // after the wipe: not kept
    await wait(20);
    expect(await storedKeys()).toEqual([]);
  });
});
