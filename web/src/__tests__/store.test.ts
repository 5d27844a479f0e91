import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { roleFlags } from '../lib/roles';
import { LookupQueue } from '../store/lookups';
import { lineChip, policyAlerts, quoteAlerts, selectMenuChips, type StatusSetting } from '../store/selectors';
import { DataStore, type Batch } from '../store/store';

const STATI: StatusSetting[] = [
  { id: 0, name: 'In attesa di quotazione', alert: ['admin', 'responsabile'] },
  { id: 1, name: 'Preventivato', alert: [] },
  { id: 4, name: 'Approvato dalla direzione', alert: ['admin'] },
];

describe('DataStore', () => {
  it('merges dbData batches by _id and removes null items', () => {
    const store = new DataStore();
    store.applyBatch({ preventivi: { a: { _id: 'a', status: 'Preventivato' }, b: { _id: 'b' } } });
    store.applyBatch({ preventivi: { a: { _id: 'a', status: 'In lavorazione compagnia' }, b: null } });
    expect(store.collection('preventivi')).toEqual({ a: { _id: 'a', status: 'In lavorazione compagnia' } });
  });

  it('drops whole collections, held batches too, and leaves the others as they were', () => {
    const store = new DataStore();
    store.applyBatch({ preventivi: { a: { _id: 'a' } }, 'linea/auto': { c1: { _id: 'c1' } } });
    store.queueBatch({ 'linea/auto': { c2: { _id: 'c2' } } });
    const quotes = store.collection('preventivi');
    const listener = vi.fn();
    store.subscribe(listener);
    store.drop(['linea/auto', 'mai-vista']);
    expect(store.getState().collections).toEqual({ preventivi: { a: { _id: 'a' } } });
    expect(store.collection('preventivi')).toBe(quotes);
    expect(listener).toHaveBeenCalledOnce();
    store.drop(['mai-vista']);
    expect(listener).toHaveBeenCalledOnce(); // nothing to drop, nothing to tell
  });

  it('applies channel events: insert and update upsert, delete removes', () => {
    const store = new DataStore();
    store.applyChange('polizze', { operationType: 'insert', p: { _id: 'p1', endDate: '2030-01-01' } });
    store.applyChange('usr', { operationType: 'update', u: { _id: 'u1', name: 'Anna' } });
    expect(store.get('polizze', 'p1')).toMatchObject({ endDate: '2030-01-01' });
    store.applyChange('polizze', { operationType: 'delete', p: { _id: 'p1' } });
    expect(store.get('polizze', 'p1')).toBeUndefined();
    expect(store.get('usr', 'u1')).toMatchObject({ name: 'Anna' });
  });

  it('gives a new state and new collection objects on change, untouched ones kept', () => {
    const store = new DataStore();
    store.applyBatch({ usr: { u: { _id: 'u' } }, polizze: {} });
    const before = store.getState();
    const listener = vi.fn();
    store.subscribe(listener);
    store.applyBatch({ usr: { v: { _id: 'v' } } });
    const after = store.getState();
    expect(after).not.toBe(before);
    expect(after.collections.usr).not.toBe(before.collections.usr);
    expect(after.collections.polizze).toBe(before.collections.polizze);
    expect(listener).toHaveBeenCalledOnce();
  });

  it('ignores events without an item', () => {
    const store = new DataStore();
    store.applyChange('preventivi', { operationType: 'insert', p: 'nonsense' });
    expect(store.collection('preventivi')).toEqual({});
  });
});

describe('DataStore.queueBatch', () => {
  /** Frames the test runs by hand. */
  function frames() {
    const waiting: (() => void)[] = [];
    return { schedule: (run: () => void) => void waiting.push(run), run: () => waiting.splice(0).forEach((f) => f()), waiting };
  }
  const quotes = (from: number, n: number) =>
    Object.fromEntries(Array.from({ length: n }, (_, i) => [`q${from + i}`, { _id: `q${from + i}`, n: from + i }]));

  it('holds batches until flushed, then writes them at once: one notification, one new collection', () => {
    const store = new DataStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.getState();
    for (let b = 0; b < 20; b += 1) store.queueBatch({ preventivi: quotes(b * 500, 500) });
    expect(listener).not.toHaveBeenCalled();
    expect(store.collection('preventivi')).toEqual({});
    store.flush();
    expect(listener).toHaveBeenCalledOnce();
    expect(store.getState().version).toBe(before.version + 1);
    expect(Object.keys(store.collection('preventivi'))).toHaveLength(10_000);
    store.flush();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('ends in the same state as writing each item on its own', () => {
    const batches: Batch[] = [
      { preventivi: { a: { _id: 'a', v: 1 }, b: { _id: 'b', v: 1 } }, usr: { u: { _id: 'u' } } },
      { preventivi: { a: { _id: 'a', v: 2 }, c: { v: 1 } as never, b: null } },
      { polizze: {}, preventivi: { b: { _id: 'b', v: 3 } } },
    ];
    const one = new DataStore();
    for (const batch of batches) {
      for (const [name, items] of Object.entries(batch)) {
        if (!items || !Object.keys(items).length) one.applyBatch({ [name]: {} });
        for (const [id, item] of Object.entries(items ?? {})) one.applyBatch({ [name]: { [id]: item } });
      }
    }
    const held = new DataStore();
    batches.forEach((batch) => held.queueBatch(batch));
    held.flush();
    expect(held.getState().collections).toEqual(one.getState().collections);
    expect(held.get('preventivi', 'c')).toEqual({ _id: 'c', v: 1 });
  });

  it('applies what is held before a direct write, so a later change is not undone', () => {
    const store = new DataStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.queueBatch({ preventivi: { a: { _id: 'a', status: 'Preventivato' }, b: { _id: 'b' } } });
    store.applyChange('preventivi', { operationType: 'update', p: { _id: 'a', status: 'Emissione richiesta' } });
    expect(listener).toHaveBeenCalledOnce();
    store.flush();
    expect(listener).toHaveBeenCalledOnce();
    expect(store.collection('preventivi')).toEqual({
      a: { _id: 'a', status: 'Emissione richiesta' },
      b: { _id: 'b' },
    });
  });

  it('flushes soon at the next frame, once for all that is held by then', () => {
    const frame = frames();
    const store = new DataStore(frame.schedule);
    const listener = vi.fn();
    store.subscribe(listener);
    store.queueBatch({ usr: { u: { _id: 'u' } } });
    store.flushSoon();
    store.queueBatch({ usr: { v: { _id: 'v' } } });
    store.flushSoon();
    expect(frame.waiting).toHaveLength(1);
    expect(listener).not.toHaveBeenCalled();
    frame.run();
    expect(listener).toHaveBeenCalledOnce();
    expect(Object.keys(store.collection('usr'))).toEqual(['u', 'v']);
  });

  it('forgets what is held on clear (logout)', () => {
    const store = new DataStore();
    store.queueBatch({ usr: { v: { _id: 'v' } } });
    store.clear();
    store.flush();
    expect(store.getState().collections).toEqual({});
  });
});

describe('LookupQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('returns a loading placeholder and batches look-ups within one second', async () => {
    const store = new DataStore();
    const send = vi.fn(async (request: Record<string, string[]>) => {
      store.applyBatch({ usr: Object.fromEntries(request.usr!.filter((id) => id !== 'ghost').map((id) => [id, { _id: id, name: id.toUpperCase() }])) });
    });
    const queue = new LookupQueue(store, send);
    expect(queue.request('usr', 'x')).toEqual({ _id: 'x', loading: true });
    queue.request('usr', 'y');
    queue.request('usr', 'ghost');
    queue.request('docs', 'd1');
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledOnce();
    expect(send).toHaveBeenCalledWith({ usr: ['x', 'y', 'ghost'], docs: ['d1'] });
    expect(store.get('usr', 'x')).toEqual({ _id: 'x', name: 'X' });
    expect(store.get('usr', 'ghost')).toEqual({ _id: 'ghost', loading: false, missing: true });
  });

  it('writes the placeholders of the ids asked for within a frame at once', async () => {
    const waiting: (() => void)[] = [];
    const store = new DataStore((run) => void waiting.push(run));
    const listener = vi.fn();
    store.subscribe(listener);
    const queue = new LookupQueue(store, async () => undefined);
    for (let i = 0; i < 50; i += 1) queue.request('usr', `u${i}`);
    expect(listener).not.toHaveBeenCalled();
    waiting.splice(0).forEach((run) => run());
    expect(listener).toHaveBeenCalledOnce();
    expect(Object.keys(store.collection('usr'))).toHaveLength(50);
    expect(store.get('usr', 'u7')).toEqual({ _id: 'u7', loading: true });
  });

  it('marks an id missing even when its placeholder was still waiting for a frame', async () => {
    const store = new DataStore(() => undefined); // frames never come (a hidden tab)
    const queue = new LookupQueue(store, async () => undefined);
    queue.request('usr', 'ghost');
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.get('usr', 'ghost')).toEqual({ _id: 'ghost', loading: false, missing: true });
  });

  it('does not ask again for known or pending ids', async () => {
    const store = new DataStore();
    store.applyBatch({ usr: { known: { _id: 'known', name: 'K' } } });
    const send = vi.fn(async () => undefined);
    const queue = new LookupQueue(store, send);
    expect(queue.request('usr', 'known')).toEqual({ _id: 'known', name: 'K' });
    queue.request('usr', 'new');
    queue.request('usr', 'new');
    await vi.advanceTimersByTimeAsync(1000);
    expect(send).toHaveBeenCalledWith({ usr: ['new'], docs: [] });
  });
});

describe('alert selectors (SPEC §4)', () => {
  const admin = roleFlags({ role: { admin: true } });
  const agent = roleFlags({ role: { a: { type: 'a' } } });
  const employee = roleFlags({ role: { e: true } });

  it('counts for managers plain, unarchived quotes in an alerting status or without docStatus', () => {
    expect(quoteAlerts(admin, { _id: '1', status: 'In attesa di quotazione', docStatus: 1 }, STATI)).toBe(true);
    expect(quoteAlerts(admin, { _id: '2', status: 'Preventivato', docStatus: 1 }, STATI)).toBe(false);
    expect(quoteAlerts(admin, { _id: '3', status: 'Preventivato' }, STATI)).toBe(true);
    expect(quoteAlerts(admin, { _id: '4', status: 'In attesa di quotazione', archived: true }, STATI)).toBe(false);
    expect(quoteAlerts(admin, { _id: '5', status: 'In attesa di quotazione', type: 'noleggio-auto' }, STATI)).toBe(false);
    expect(quoteAlerts(roleFlags({ role: { responsabile: true } }), { _id: '6', status: 'Approvato dalla direzione', docStatus: 1 }, STATI)).toBe(false);
  });

  it('counts for others only quotes not approved (docStatus -1); never for employees', () => {
    expect(quoteAlerts(agent, { _id: '1', docStatus: -1 }, STATI)).toBe(true);
    expect(quoteAlerts(agent, { _id: '2', status: 'In attesa di quotazione' }, STATI)).toBe(false);
    expect(quoteAlerts(employee, { _id: '3', docStatus: -1 }, STATI)).toBe(false);
  });

  it('counts policies ending within 0–16 days and not typed', () => {
    const today = new Date(2025, 0, 10);
    expect(policyAlerts({ _id: 'a', endDate: '2025-01-26' }, today)).toBe(true);
    expect(policyAlerts({ _id: 'b', endDate: '2025-01-27' }, today)).toBe(false);
    expect(policyAlerts({ _id: 'c', endDate: '2025-01-09' }, today)).toBe(false);
    expect(policyAlerts({ _id: 'd', endDate: '2025-01-10' }, today)).toBe(true);
    expect(policyAlerts({ _id: 'e', endDate: '2025-01-12', pr: { type: 'noleggio-auto' } }, today)).toBe(false);
  });

  it('derives the menu chips from the store', () => {
    const store = new DataStore();
    store.applyBatch({
      preventivi: { q1: { _id: 'q1', status: 'In attesa di quotazione', docStatus: 0 }, q2: { _id: 'q2', status: 'Preventivato', docStatus: 0 } },
      polizze: { p1: { _id: 'p1', endDate: '2025-01-15' } },
    });
    expect(selectMenuChips(store.getState(), admin, STATI, new Date(2025, 0, 10))).toEqual({ preventivi: 1, polizze: 1, sinistri: 0, chat: 0 });
  });

  it("counts a product line's quotes on the line's own chip, not on Preventivi", () => {
    const store = new DataStore();
    const typed = (id: string, status: string, more: Record<string, unknown> = {}) =>
      ({ _id: id, type: 'noleggio-auto', status, docStatus: 0, ...more });
    store.applyBatch({
      preventivi: {
        r1: typed('r1', 'In attesa di quotazione'),
        r2: typed('r2', 'Preventivato'),
        r3: typed('r3', 'In attesa di quotazione', { archived: true }),
        r4: typed('r4', 'Preventivato', { docStatus: -1 }),
      },
    });
    const chips = (flags: typeof admin) => selectMenuChips(store.getState(), flags, STATI, new Date(2025, 0, 10));
    expect(chips(admin)).toEqual({ preventivi: 0, polizze: 0, sinistri: 0, chat: 0, [lineChip('noleggio-auto')]: 1 });
    expect(chips(agent)).toEqual({ preventivi: 1, polizze: 0, sinistri: 0, chat: 0, [lineChip('noleggio-auto')]: 1 });
  });

  it('counts on Sinistri the claims still open (waiting on the office), whatever the role', () => {
    const store = new DataStore();
    const claim = (id: string, status: string) => ({ _id: id, status, policyId: 'p1' });
    store.applyBatch({
      sinistri: {
        c1: claim('c1', 'aperto'),
        c2: claim('c2', 'aperto'),
        c3: claim('c3', 'in_istruttoria'),
        c4: claim('c4', 'liquidato'),
        c5: claim('c5', 'respinto'),
      },
    });
    const chips = (flags: typeof admin) => selectMenuChips(store.getState(), flags, STATI, new Date(2025, 0, 10)).sinistri;
    expect(chips(admin)).toBe(2);
    expect(chips(agent)).toBe(2);
    // a claim taken up by the office leaves the chip; a live event that reopens one does not bring it back
    store.applyChange('sinistri', { operationType: 'update', p: claim('c1', 'in_istruttoria') });
    store.applyChange('sinistri', { operationType: 'update', p: claim('c4', 'in_istruttoria') });
    expect(chips(admin)).toBe(1);
    store.applyChange('sinistri', { operationType: 'insert', p: claim('c6', 'aperto') });
    expect(chips(agent)).toBe(2);
    expect(selectMenuChips(new DataStore().getState(), admin, STATI, new Date()).sinistri).toBe(0);
  });
});
