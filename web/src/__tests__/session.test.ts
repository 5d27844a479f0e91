// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TenantConfig } from '../lib/tenant';
import { wordingForAppName } from '../lib/wording';
import { Session, type SessionEnvironment } from '../session/session';
import type { Socket } from '../session/socket';
import { IDBFactory } from 'fake-indexeddb';
import { OfflineData, type Snapshot } from '../store/offlineData';
import { DataStore } from '../store/store';

/** An async stream the test pushes into. */
class Stream<T> implements AsyncIterable<T> {
  private items: T[] = [];
  private waiting: ((value: IteratorResult<T>) => void)[] = [];
  push(item: T) {
    const next = this.waiting.shift();
    if (next) next({ value: item, done: false });
    else this.items.push(item);
  }
  /** What socketcluster-client's channels give: `next()`, and `return()` to stop. */
  createConsumer() {
    const iterator = this[Symbol.asyncIterator]();
    let ended = false;
    return {
      next: (): Promise<IteratorResult<T>> => (ended ? Promise.resolve({ value: undefined, done: true }) : iterator.next()),
      return: () => {
        ended = true;
        for (const resolve of this.waiting.splice(0)) resolve({ value: undefined, done: true });
      },
    };
  }
  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () =>
        this.items.length
          ? Promise.resolve({ value: this.items.shift()!, done: false })
          : new Promise((resolve) => this.waiting.push(resolve)),
    };
  }
}

type Handler = (data: unknown) => unknown;

class FakeSocket {
  handlers: Record<string, Handler> = { chatUnread: () => ({}) };
  calls: { name: string; data: unknown }[] = [];
  /** The options of each call that had any (socketcluster-client's `{ ackTimeout }`). */
  callOptions: { name: string; options: unknown }[] = [];
  transmitted: { name: string; data: unknown }[] = [];
  events: Record<string, Stream<Record<string, unknown>>> = {};
  received: Record<string, Stream<unknown>> = {};
  channels: Record<string, Stream<unknown> & { state: string; name: string; listener: (event: string) => Stream<unknown>; unsubscribe: () => void }> = {};
  channelEvents: Record<string, Stream<unknown>> = {};

  async invoke(name: string, data?: unknown, options?: unknown) {
    this.calls.push({ name, data });
    if (options !== undefined) this.callOptions.push({ name, options });
    const handler = this.handlers[name];
    if (!handler) throw Object.assign(new Error(`no handler ${name}`), { name: 'Error' });
    return handler(data);
  }
  async transmit(name: string, data?: unknown) {
    this.transmitted.push({ name, data });
  }
  listener(event: string) {
    return (this.events[event] ??= new Stream());
  }
  receiver(event: string) {
    return (this.received[event] ??= new Stream());
  }
  subscribe(name: string) {
    return (this.channels[name] ??= Object.assign(new Stream<unknown>(), {
      state: 'subscribed',
      name,
      listener: (event: string) => (this.channelEvents[`${name} ${event}`] ??= new Stream<unknown>()),
      unsubscribe: () => undefined,
    }));
  }
  unsubscribed: string[] = [];
  unsubscribe(name: string) {
    this.unsubscribed.push(name);
  }
  state: 'connecting' | 'open' | 'closed' = 'open';
  connects = 0;
  disconnects = 0;
  connect() {
    this.connects += 1;
  }
  disconnect() {
    this.disconnects += 1;
    this.state = 'closed';
  }
  emit(event: string, data: Record<string, unknown> = {}) {
    this.listener(event).push(data);
  }
}

const TENANT = {
  id: 'assicurapp', appName: 'assicurapp', title: 'Assicurapp', logo: '', notificationsHelp: '', template: 'standard',
  colors: {}, wording: wordingForAppName('assicurapp'), languages: ['it', 'en'], defaultLanguage: 'it', products: [],
  menuOnly: null, maxUploadMb: 20, assistenza: '', BUILD: 'b1',
} satisfies TenantConfig;

const USER = { _id: 'u1', name: 'Mario Rossi', role: { a: { type: 'a' } } };
/** The streams the server lists for the agent (core's; a line's comes with its line). */
const STREAMS = ['chat', 'polizze', 'preventivi', 'usr'];
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(extra: Pick<SessionEnvironment, 'offlineData' | 'forgetPictures'> = {}) {
  const socket = new FakeSocket();
  const store = new DataStore();
  let now = 0;
  const env: SessionEnvironment & { notifyError: ReturnType<typeof vi.fn> } = {
    reload: vi.fn(),
    now: () => now,
    notifyError: vi.fn(),
    closePopups: vi.fn(),
    fetchTenant: vi.fn(async () => TENANT),
    storage: localStorage,
    logoutRequest: vi.fn(async () => undefined),
    ...extra,
  };
  const openSocket = vi.fn(async () => socket as unknown as Socket);
  const session = new Session(TENANT, openSocket, store, env);
  socket.handlers.tokenLogin = () => ({ BUILD: 'b1', u: USER, utenti: { u2: { _id: 'u2', name: 'Anna' } }, settings: { productsHash: 'h1' }, products: { p1: { _id: 'p1' } }, streams: STREAMS });
  socket.handlers.getDbData = () => {
    socket.channels.dbData!.push({ preventivi: { q1: { _id: 'q1', docStatus: -1 } } });
    socket.channels.dbData!.push({ polizze: {} });
    socket.channels.dbData!.push({ usr: { u1: USER, u2: { _id: 'u2', name: 'Anna' } } });
    return { tot: 3 };
  };
  return { socket, openSocket, store, env, session, advance: (ms: number) => (now += ms) };
}

describe('Session', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0]}=; max-age=0; path=/`));
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => vi.useRealTimers());

  it('logs in with the token on load, keeps users, products and the synced data, sends logTime once', async () => {
    const { socket, store, session } = setup();
    document.cookie = 't-assicurapp=tok; path=/';
    session.start();
    await vi.waitFor(() => expect(session.getState().dataLoadedAt).not.toBeNull());
    expect(socket.calls[0]).toEqual({ name: 'tokenLogin', data: { t: 'tok', productsHash: null } });
    expect(session.getState()).toMatchObject({ phase: 'authenticated', usersLoaded: true, user: USER });
    expect(store.get('usr', 'u2')).toMatchObject({ name: 'Anna' });
    expect(store.get('preventivi', 'q1')).toMatchObject({ docStatus: -1 });
    expect(localStorage.getItem('productsHash')).toBe('h1');
    expect(socket.transmitted.filter((t) => t.name === 'logTime')).toHaveLength(1);
  });

  it('without a stored token shows the login at once and opens the socket only to log in', async () => {
    const { socket, openSocket, session } = setup();
    socket.handlers.login = () => ({ token: 'new' });
    session.start();
    expect(session.getState()).toMatchObject({ phase: 'anonymous', usersLoaded: true });
    expect(openSocket).not.toHaveBeenCalled();
    await session.login('agente@demo.it', 'demo1234', true);
    expect(openSocket).toHaveBeenCalledOnce();
    expect(socket.calls.map((c) => c.name).slice(0, 2)).toEqual(['login', 'tokenLogin']);
    expect(socket.calls[1]!.data).toEqual({ t: 'new', productsHash: null });
    expect(session.getState().phase).toBe('authenticated');
  });

  it("after a login from the login screen, the data counts as loaded only once the user's sync is in", async () => {
    const { socket, session } = setup();
    socket.handlers.login = () => ({ token: 'new' });
    let answer: (value: unknown) => void = () => undefined;
    const sync = socket.handlers.getDbData!;
    socket.handlers.getDbData = (data) => new Promise((resolve) => (answer = () => resolve(sync(data))));
    session.start();
    expect(session.getState().dataLoadedAt).not.toBeNull(); // nothing to load while anonymous
    const loggedIn = session.login('agente@demo.it', 'demo1234', true);
    await vi.waitFor(() => expect(session.getState().phase).toBe('authenticated'));
    // a page opened now (the quote the user came for) waits for the data, it is not 'not found'
    expect(session.getState().dataLoadedAt).toBeNull();
    await vi.waitFor(() => expect(socket.calls.map((c) => c.name)).toContain('getDbData'));
    answer(undefined);
    await loggedIn;
    expect(session.getState().dataLoadedAt).not.toBeNull();
  });

  it('tries a failed download of the realtime client again on the next call', async () => {
    const { socket, openSocket, session } = setup();
    openSocket.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    socket.handlers.ping = () => 'pong';
    await expect(session.invoke('ping')).rejects.toThrow('Failed to fetch');
    await expect(session.invoke('ping')).resolves.toBe('pong');
    expect(openSocket).toHaveBeenCalledTimes(2);
  });

  it("a call that says how long it may take gets that ack timeout; the others keep the socket's", async () => {
    const { socket, session } = setup();
    socket.handlers.ping = () => 'pong';
    await session.invoke('ping');
    await session.invoke('ping', { a: 1 }, { timeoutMs: 60_000 });
    expect(socket.calls.filter((c) => c.name === 'ping').map((c) => c.data)).toEqual([undefined, { a: 1 }]);
    expect(socket.callOptions).toEqual([{ name: 'ping', options: { ackTimeout: 60_000 } }]);
  });

  it("follows one's own user on the users stream, not anyone else's", async () => {
    const { socket, store, session } = setup();
    document.cookie = 't-assicurapp=tok; path=/';
    session.start();
    await vi.waitFor(() => expect(session.getState().dataLoadedAt).not.toBeNull());
    socket.channels.usr!.push({ operationType: 'update', u: { _id: 'u2', name: 'Anna B.' } });
    socket.channels.usr!.push({ operationType: 'update', u: { ...USER, name: 'Mario R.' } });
    await vi.waitFor(() => expect(session.getState().user?.name).toBe('Mario R.'));
    expect(store.get('usr', 'u2')).toMatchObject({ name: 'Anna B.' });
    socket.channels.usr!.push({ operationType: 'delete', u: { _id: 'u1' } });
    await tick();
    expect(session.getState().user?.name).toBe('Mario R.');
  });

  it('replaces a collection with a full resync (no watermark): what is gone is dropped', async () => {
    const { socket, store, session } = setup();
    store.applyBatch({ preventivi: { stale: { _id: 'stale' } } });
    await session.tokenLogin({ force: true });
    expect(store.get('preventivi', 'stale')).toBeUndefined();
    expect(store.get('preventivi', 'q1')).toBeDefined();
    expect(socket.calls.find((c) => c.name === 'getDbData')?.data).toEqual({ preventivi: [], polizze: [], usr: [], chat: [] });
  });

  it('writes a whole sync to the store at once, when the server answers', async () => {
    const { socket, store, session } = setup();
    const writes = vi.fn();
    socket.handlers.getDbData = async () => {
      let seen = store.getState().collections;
      store.subscribe(() => {
        const now = store.getState().collections;
        if (now.preventivi !== seen.preventivi || now.usr !== seen.usr) writes();
        seen = now;
      });
      for (let b = 0; b < 4; b += 1) {
        socket.channels.dbData!.push({ preventivi: { [`q${b}`]: { _id: `q${b}` } } });
      }
      socket.channels.dbData!.push({ usr: { u1: USER, u2: { _id: 'u2', name: 'Anna' } } });
      await tick(); // the answer comes after the batches, as on a socket
      return { tot: 2 };
    };
    await session.tokenLogin({ force: true });
    expect(writes).toHaveBeenCalledOnce();
    expect(Object.keys(store.collection('preventivi'))).toEqual(['q0', 'q1', 'q2', 'q3']);
  });

  it('subscribes to dbData with the socket, before the streams, so getDbData does not wait behind them', async () => {
    const { socket, session } = setup();
    await session.tokenLogin({ force: true });
    expect(Object.keys(socket.channels)[0]).toBe('dbData');
    expect(Object.keys(socket.channels)).toContain('preventivi');
  });

  it('asks for the unread counts with the data written, before the sync is over', async () => {
    const { socket, store, session } = setup();
    socket.handlers.chatUnread = () => ({ room1: 2 });
    document.cookie = 't-assicurapp=tok; path=/';
    session.start();
    await vi.waitFor(() => expect(store.get('chatUnread', 'room1')).toMatchObject({ n: 2 }));
    expect(session.getState().dataLoadedAt).toBeNull();
    await vi.waitFor(() => expect(session.getState().dataLoadedAt).not.toBeNull());
    expect(socket.calls.filter((c) => c.name === 'chatUnread')).toHaveLength(1);
  });

  it('fills the store when the server answers, before the sync is over', async () => {
    const { store, session } = setup();
    document.cookie = 't-assicurapp=tok; path=/';
    session.start();
    await vi.waitFor(() => expect(store.get('preventivi', 'q1')).toBeDefined());
    expect(session.getState().dataLoadedAt).toBeNull();
    await vi.waitFor(() => expect(session.getState().dataLoadedAt).not.toBeNull());
    expect(store.get('preventivi', 'q1')).toMatchObject({ docStatus: -1 });
  });

  it('keeps the changes heard during a full sync: the snapshot does not take them back', async () => {
    const { socket, store, session } = setup();
    store.applyBatch({ preventivi: { stale: { _id: 'stale' }, kept: { _id: 'kept' } } });
    const sync = socket.handlers.getDbData!;
    socket.handlers.getDbData = (data) => {
      const answer = sync(data);
      // the server sends the changes it held after the batches
      setTimeout(() => {
        socket.channels.preventivi!.push({ operationType: 'update', p: { _id: 'q1', docStatus: 2 } });
        socket.channels.preventivi!.push({ operationType: 'insert', p: { _id: 'q9' } });
        socket.channels.preventivi!.push({ operationType: 'update', p: { _id: 'kept', docStatus: 1 } });
      }, 50);
      return answer;
    };
    await session.tokenLogin({ force: true });
    expect(store.get('preventivi', 'q1')).toMatchObject({ docStatus: 2 });
    expect(store.get('preventivi', 'q9')).toBeDefined();
    expect(store.get('preventivi', 'kept')).toMatchObject({ docStatus: 1 });
    expect(store.get('preventivi', 'stale')).toBeUndefined();
  });

  it('asks again for a sync the server refused for now, once, after the seconds it said', async () => {
    const { socket, store, session } = setup();
    const full = socket.handlers.getDbData!;
    let refusals = 0;
    socket.handlers.getDbData = (data) => {
      if (refusals < 1) {
        refusals += 1;
        throw Object.assign(new Error('Troppe sincronizzazioni complete: riprova tra 7 secondi'), {
          name: 'TooManyAttempts',
          retryAfter: 7,
        });
      }
      return full(data);
    };
    await session.tokenLogin({ force: true });
    expect(store.get('preventivi', 'q1')).toBeUndefined();
    const asked = () => socket.calls.filter((c) => c.name === 'getDbData').length;
    expect(asked()).toBe(1);
    await vi.advanceTimersByTimeAsync(6_900);
    expect(asked()).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    await vi.waitFor(() => expect(store.get('preventivi', 'q1')).toMatchObject({ docStatus: -1 }));
    expect(asked()).toBe(2);
  });

  it('does not ask again for a sync refused for good (no retryAfter)', async () => {
    const { socket, session } = setup();
    socket.handlers.getDbData = () => {
      throw Object.assign(new Error('Dati non validi'), { name: 'BadRequest' });
    };
    await session.tokenLogin({ force: true });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(socket.calls.filter((c) => c.name === 'getDbData')).toHaveLength(1);
  });

  it('applies a resync with a watermark as changes: null removes, the rest stays', async () => {
    const { socket, store, session } = setup();
    socket.handlers.getDbData = () => {
      socket.channels.dbData!.push({ preventivi: { q1: { _id: 'q1' }, q2: { _id: 'q2' } } });
      return { tot: 1, wm: 5, full: true };
    };
    await session.tokenLogin({ force: true });
    socket.handlers.getDbData = (data) => {
      expect(data).toMatchObject({ wm: 5 });
      socket.channels.dbData!.push({ preventivi: { q1: null, q3: { _id: 'q3' } } });
      return { tot: 1, wm: 6, full: false };
    };
    await session.sync();
    expect(Object.keys(store.collection('preventivi')).sort()).toEqual(['q2', 'q3']);
  });

  it('a resync whose watermark the server no longer covers comes full: what it did not bring is dropped', async () => {
    const { socket, store, session } = setup();
    socket.handlers.getDbData = () => {
      socket.channels.dbData!.push({ preventivi: { q1: { _id: 'q1' }, q2: { _id: 'q2' } } });
      return { tot: 1, wm: 5, full: true };
    };
    await session.tokenLogin({ force: true });
    socket.handlers.getDbData = (data) => {
      expect(data).toMatchObject({ wm: 5 });
      socket.channels.dbData!.push({ preventivi: { q3: { _id: 'q3' } } });
      return { tot: 1, wm: 9, full: true };
    };
    await session.sync();
    expect(Object.keys(store.collection('preventivi'))).toEqual(['q3']);
  });

  describe("the server's list of streams", () => {
    const LINE = 'noleggio-auto/auto';
    const withLine = [...STREAMS, LINE].sort();
    /** getDbData answering every stream asked, the line's with one car. */
    function serveStreams(socket: FakeSocket, wm: number) {
      socket.handlers.getDbData = (data) => {
        const asked = Object.keys(data as object).filter((k) => k !== 'wm');
        for (const name of asked) {
          socket.channels.dbData!.push({ [name]: name === LINE ? { c1: { _id: 'c1', car_fullname: 'Fiat 500' } } : {} });
        }
        return { tot: asked.length, wm, full: (data as { wm?: number }).wm === undefined };
      };
    }
    const login = (socket: FakeSocket, streams: string[]) => {
      socket.handlers.tokenLogin = () => ({ BUILD: 'b1', u: USER, utenti: {}, settings: { productsHash: 'h1' }, streams });
    };
    const asked = (socket: FakeSocket) => socket.calls.filter((c) => c.name === 'getDbData').map((c) => c.data);

    it("syncs and follows each listed stream, a line's as core's", async () => {
      const { socket, store, session } = setup();
      login(socket, withLine);
      serveStreams(socket, 5);
      await session.tokenLogin({ force: true });
      expect(asked(socket)).toEqual([Object.fromEntries(withLine.map((name) => [name, []]))]);
      expect(store.get(LINE, 'c1')).toMatchObject({ car_fullname: 'Fiat 500' });
      socket.channels[LINE]!.push({ operationType: 'insert', p: { _id: 'c2', car_fullname: 'Panda' } });
      await vi.waitFor(() => expect(store.get(LINE, 'c2')).toMatchObject({ car_fullname: 'Panda' }));
      socket.channels[LINE]!.push({ operationType: 'delete', p: { _id: 'c1' } });
      await vi.waitFor(() => expect(store.get(LINE, 'c1')).toBeUndefined());
      // a reconnect resyncs it with the others, from the watermark
      await session.tokenLogin({ force: true });
      expect(asked(socket).at(-1)).toEqual({ ...Object.fromEntries(withLine.map((name) => [name, []])), wm: 5 });
    });

    it('drops a stream that leaves the list, live, and syncs it in full when it comes back', async () => {
      const { socket, store, session } = setup();
      login(socket, withLine);
      serveStreams(socket, 5);
      await session.tokenLogin({ force: true });
      expect(Object.keys(store.collection(LINE))).toEqual(['c1']);
      store.applyBatch({ preventivi: { q9: { _id: 'q9' } } });

      // the line is switched off: the settings change, the list comes without its stream
      login(socket, STREAMS);
      socket.channels.settings!.push({ operationType: 'update', s: { _id: 's1' } });
      await vi.waitFor(() => expect(session.getState().streams).toEqual(STREAMS));
      expect(socket.unsubscribed).toEqual([LINE]);
      expect(store.getState().collections[LINE]).toBeUndefined();
      expect(store.get('preventivi', 'q9')).toBeDefined(); // the other streams keep their data
      expect(asked(socket)).toHaveLength(1); // nothing to sync for a stream gone

      // switched on again: subscribed again and synced at once, in full (no watermark)
      login(socket, withLine);
      socket.channels.settings!.push({ operationType: 'update', s: { _id: 's1' } });
      await vi.waitFor(() => expect(store.get(LINE, 'c1')).toBeDefined());
      expect(asked(socket)).toHaveLength(2);
      expect(asked(socket)[1]).not.toHaveProperty('wm');
      expect(asked(socket)[1]).toHaveProperty([LINE]);
      socket.channels[LINE]!.push({ operationType: 'insert', p: { _id: 'c3' } });
      await vi.waitFor(() => expect(store.get(LINE, 'c3')).toBeDefined());
    });

    it('names no stream of its own: an employee syncs what the server lists for them', async () => {
      const { socket, session } = setup();
      login(socket, ['chat', 'usr']);
      serveStreams(socket, 5);
      await session.tokenLogin({ force: true });
      expect(asked(socket)).toEqual([{ chat: [], usr: [] }]);
      expect(Object.keys(socket.channels)).not.toContain('preventivi');
    });
  });

  it('follows products and documents live, and reads the settings again when they change', async () => {
    const { socket, store, session } = setup();
    await session.tokenLogin({ force: true });
    socket.channels.products!.push({ operationType: 'update', p: { _id: 'p1', name: 'RC Auto' } });
    socket.channels.docs!.push({ operationType: 'insert', d: { _id: 'd1', name: 'cid.pdf' } });
    await vi.waitFor(() => expect(store.get('docs', 'd1')).toMatchObject({ name: 'cid.pdf' }));
    expect(store.get('products', 'p1')).toMatchObject({ name: 'RC Auto' });
    socket.handlers.tokenLogin = () => ({ BUILD: 'b1', u: USER, utenti: {}, settings: { productsHash: 'h1', assistenza: 'nuova' } });
    socket.channels.settings!.push({ operationType: 'update', s: { _id: 's1' } });
    await vi.waitFor(() => expect(session.getState().settings).toMatchObject({ assistenza: 'nuova' }));
    expect(socket.calls.at(-1)).toEqual({ name: 'tokenLogin', data: { productsHash: 'h1' } });
  });

  it('reads the settings again once their subscription stands: a change before it is not lost', async () => {
    const { socket, session } = setup();
    await session.tokenLogin({ force: true });
    const logins = socket.calls.filter((c) => c.name === 'tokenLogin').length;
    // an OTP request written after the login read the settings, before the server subscribed us
    socket.handlers.tokenLogin = () => ({ BUILD: 'b1', u: USER, utenti: {}, settings: { productsHash: 'h1', askOtp: { company: 'Allianz' } } });
    socket.channelEvents['settings subscribe']!.push({});
    await vi.waitFor(() => expect(session.getState().settings).toMatchObject({ askOtp: { company: 'Allianz' } }));
    expect(socket.calls.filter((c) => c.name === 'tokenLogin')).toHaveLength(logins + 1);
  });

  it('follows a channel for a screen until the screen stops it', async () => {
    const { socket, session } = setup();
    const heard: unknown[] = [];
    const stop = session.watch('noleggio-auto/auto', (event) => heard.push(event));
    await vi.waitFor(() => expect(socket.channels['noleggio-auto/auto']).toBeDefined());
    const channel = socket.channels['noleggio-auto/auto']!;
    channel.push({ operationType: 'insert', p: { _id: 'c1' } });
    channel.push('not an event');
    await vi.waitFor(() => expect(heard).toEqual([{ operationType: 'insert', p: { _id: 'c1' } }]));
    stop();
    channel.push({ operationType: 'update', p: { _id: 'c1' } });
    await tick();
    expect(heard).toHaveLength(1);
  });

  it('skips an automatic token login within 1 s of the previous one', async () => {
    const { socket, session, advance } = setup();
    await session.tokenLogin();
    await session.tokenLogin();
    advance(999);
    await session.tokenLogin();
    expect(socket.calls.filter((c) => c.name === 'tokenLogin')).toHaveLength(1);
    advance(1);
    await session.tokenLogin();
    expect(socket.calls.filter((c) => c.name === 'tokenLogin')).toHaveLength(2);
  });

  it('clears the products cache and reloads when the server BUILD differs', async () => {
    const { socket, env, session } = setup();
    localStorage.setItem('productsHash', 'old');
    socket.handlers.tokenLogin = () => ({ BUILD: 'b2', u: USER, utenti: {}, settings: {} });
    await session.tokenLogin();
    expect(localStorage.getItem('productsHash')).toBeNull();
    expect(env.reload).toHaveBeenCalledOnce();
    expect(session.getState().phase).toBe('starting');
  });

  it('drops the token cookie when the server says the token is bad', async () => {
    const { socket, session } = setup();
    document.cookie = 't=bad; path=/';
    socket.handlers.tokenLogin = () => {
      throw Object.assign(new Error('Non autorizzato: token scaduto'), { name: 'NotAuthenticated' });
    };
    await session.tokenLogin();
    expect(document.cookie).not.toContain('t=bad');
    expect(session.getState()).toMatchObject({ phase: 'anonymous', usersLoaded: true });
  });

  it('shows other login errors as a notification of the login group', async () => {
    const { socket, env, session } = setup();
    socket.handlers.tokenLogin = () => {
      throw Object.assign(new Error('Servizio non raggiungibile'), { name: 'Error' });
    };
    await session.tokenLogin();
    expect(env.notifyError).toHaveBeenCalledWith('Servizio non raggiungibile', 'login');
  });

  it('shows the banner when the connection drops and logs in again on reconnect', async () => {
    const { socket, session, advance } = setup();
    document.cookie = 't-assicurapp=tok; path=/';
    session.start();
    await vi.waitFor(() => expect(socket.calls[0]?.name).toBe('tokenLogin'));
    socket.emit('connect');
    await vi.waitFor(() => expect(session.getState().phase).toBe('authenticated'));
    socket.emit('close', { code: 1006 });
    await tick();
    expect(session.getState().banner).toBe('lost');
    advance(5000);
    socket.emit('connect');
    await vi.waitFor(() => expect(session.getState().banner).toBe('restored'));
    await vi.waitFor(() => expect(socket.calls.filter((c) => c.name === 'tokenLogin').length).toBe(2));
    await vi.advanceTimersByTimeAsync(1400);
    expect(session.getState().banner).toBeNull();
  });

  it('offline: keeps the data, closes the socket and refuses calls; online: reconnects and resyncs', async () => {
    const { socket, store, session, advance } = setup();
    document.cookie = 't-assicurapp=tok; path=/';
    session.start();
    await vi.waitFor(() => expect(socket.calls[0]?.name).toBe('tokenLogin'));
    socket.emit('connect');
    await vi.waitFor(() => expect(session.getState().dataLoadedAt).not.toBeNull());
    session.setOnline(false);
    await tick();
    expect(session.getState().offline).toBe(true);
    expect(socket.disconnects).toBe(1);
    socket.emit('close', { code: 1000 });
    await expect(session.invoke('saveData', {})).rejects.toMatchObject({ name: 'OfflineError' });
    await expect(session.transmit('logTime', 1)).rejects.toMatchObject({ name: 'OfflineError' });
    expect(store.get('preventivi', 'q1')).toMatchObject({ docStatus: -1 }); // the last synced data stays
    const syncs = socket.calls.filter((c) => c.name === 'getDbData').length;
    session.setOnline(true);
    await tick();
    expect(session.getState().offline).toBe(false);
    expect(socket.connects).toBe(1);
    advance(5000);
    socket.emit('connect');
    await vi.waitFor(() => expect(socket.calls.filter((c) => c.name === 'getDbData').length).toBe(syncs + 1));
  });

  it('reloads on restartApp and closes every dialog on closePopUp', async () => {
    const { socket, env, session } = setup();
    document.cookie = 't-assicurapp=tok; path=/';
    session.start();
    await vi.waitFor(() => expect(socket.calls[0]?.name).toBe('tokenLogin'));
    socket.receiver('restartApp').push(undefined);
    socket.receiver('closePopUp').push(undefined);
    await tick();
    expect(env.reload).toHaveBeenCalledOnce();
    expect(env.closePopups).toHaveBeenCalledOnce();
  });

  it('catches up on dataChanged (an import) with one resync, one more if told meanwhile', async () => {
    const { socket, session } = setup();
    document.cookie = 't-assicurapp=tok; path=/';
    session.start();
    await vi.waitFor(() => expect(session.getState().dataLoadedAt).not.toBeNull());
    const syncs = () => socket.calls.filter((c) => c.name === 'getDbData');
    const before = syncs().length;
    let answer: () => void = () => undefined;
    const sync = socket.handlers.getDbData!;
    socket.handlers.getDbData = (data) => new Promise((resolve) => (answer = () => resolve(sync(data))));
    for (let i = 0; i < 3; i += 1) socket.receiver('dataChanged').push(undefined);
    await vi.waitFor(() => expect(syncs().length).toBe(before + 1));
    answer();
    await vi.waitFor(() => expect(syncs().length).toBe(before + 2)); // the three told as one more
    answer();
    await tick();
    expect(syncs().length).toBe(before + 2);
  });

  it('logs out: clears storage and cookies, then reloads after 100 ms', async () => {
    const { socket, env, session } = setup();
    socket.handlers.logout = () => null;
    localStorage.setItem('x', '1');
    document.cookie = 't=tok; path=/';
    await session.logout();
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    expect(env.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(env.reload).toHaveBeenCalledOnce();
  });
});

describe('the data kept on the device', () => {
  let device: OfflineData;
  /** A session whose device copy is a fresh IndexedDB. */
  const withDevice = () => setup({ offlineData: async () => device });
  /** What the device holds now (after the debounced write). */
  async function kept(): Promise<Snapshot | null> {
    await vi.advanceTimersByTimeAsync(1100);
    await device.stop(); // the write under way has ended
    return new OfflineData().read();
  }
  /** A session signed in and synced, its data written to the device. */
  async function signedIn() {
    const parts = withDevice();
    document.cookie = 't-assicurapp=tok; path=/';
    parts.socket.handlers.getDbData = () => {
      parts.socket.channels.dbData!.push({ polizze: { p1: { _id: 'p1', number: 'A1' } } });
      return { tot: 1, wm: 7, full: true };
    };
    parts.session.start();
    await vi.waitFor(() => expect(parts.session.getState().dataLoadedAt).not.toBeNull());
    return parts;
  }

  beforeEach(() => {
    localStorage.clear();
    document.cookie.split(';').forEach((c) => (document.cookie = `${c.split('=')[0]}=; max-age=0; path=/`));
    globalThis.indexedDB = new IDBFactory();
    device = new OfflineData();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => vi.useRealTimers());

  it('keeps the synced data, the user and the sync cursor once the server accepted the session; never the token', async () => {
    await signedIn();
    const snapshot = await kept();
    expect(snapshot).toMatchObject({ user: USER, streams: STREAMS, cursor: { wm: 7 }, tenant: { id: 'assicurapp' } });
    expect(snapshot!.collections.polizze).toEqual({ p1: { _id: 'p1', number: 'A1' } });
    expect(JSON.stringify(snapshot)).not.toContain('tok');
    expect(localStorage.getItem('offlineData')).toBe('1');
  });

  it('keeps nothing for a user who chose not to be remembered', async () => {
    localStorage.setItem('keep', '0');
    const { session } = withDevice();
    document.cookie = 't-assicurapp=tok; path=/';
    session.start();
    await vi.waitFor(() => expect(session.getState().dataLoadedAt).not.toBeNull());
    expect(await kept()).toBeNull();
  });

  it('opens offline on the copy, read-only; back online it logs in and resyncs from the kept watermark', async () => {
    const { socket, session, store, openSocket } = withDevice();
    document.cookie = 't-assicurapp=tok; path=/';
    await new OfflineData().write({
      version: 1, tenant: session.getState().tenant, user: USER as never, settings: {}, menu: [], lines: [], streams: STREAMS,
      collections: { polizze: { p1: { _id: 'p1', number: 'A1' } } }, cursor: { wm: 7, streams: STREAMS }, savedAt: 1,
    });
    session.restore((await new OfflineData().read())!);
    session.setOnline(false);
    session.start();
    expect(session.getState()).toMatchObject({ phase: 'authenticated', offline: true, user: USER, usersLoaded: true });
    expect(store.get('polizze', 'p1')).toMatchObject({ number: 'A1' });
    expect(openSocket).not.toHaveBeenCalled();
    await expect(session.invoke('salvaUtente', {})).rejects.toMatchObject({ name: 'OfflineError' });
    expect(await kept()).toMatchObject({ user: USER }); // a copy not confirmed is not rewritten

    socket.handlers.getDbData = () => {
      socket.channels.dbData!.push({ polizze: { p1: { _id: 'p1', number: 'A1', cancelled: true } } });
      return { tot: 1, wm: 9, full: false };
    };
    session.setOnline(true);
    await vi.waitFor(() => expect(store.get('polizze', 'p1')).toMatchObject({ cancelled: true }));
    expect(socket.calls.map((c) => c.name)).toEqual(expect.arrayContaining(['tokenLogin', 'getDbData']));
    expect(socket.calls.find((c) => c.name === 'getDbData')!.data).toMatchObject({ wm: 7 });
    await vi.waitFor(() => expect(localStorage.getItem('offlineData')).toBe('1')); // the resync has ended
    expect((await kept())!.cursor).toMatchObject({ wm: 9 });
  });

  it('back online, a session the server no longer accepts wipes the copy and shows the login', async () => {
    const { socket, session, store, advance } = await signedIn();
    expect(await kept()).not.toBeNull();
    session.setOnline(false);
    advance(5000);
    socket.handlers.tokenLogin = () => {
      throw new Error('non autenticato');
    };
    session.setOnline(true);
    socket.emit('connect');
    await vi.waitFor(() => expect(session.getState().phase).toBe('anonymous'));
    expect(session.getState().user).toBeNull();
    expect(store.getState().collections).toEqual({});
    expect(await new OfflineData().read()).toBeNull();
    expect(document.cookie).not.toContain('t-assicurapp=tok');
  });

  it.each([
    ['NotAuthenticated', "Sessione terminata: effettua di nuovo l'accesso"],
    ['Forbidden', 'Account sospeso'],
  ])('opened offline, a session the server refuses on return (%s) wipes the copy', async (name, message) => {
    const { socket, session, store } = withDevice();
    document.cookie = 't-assicurapp=tok; path=/';
    await new OfflineData().write({
      version: 1, tenant: session.getState().tenant, user: USER as never, settings: {}, menu: [], lines: [], streams: STREAMS,
      collections: { polizze: { p1: { _id: 'p1' } } }, cursor: null, savedAt: 1,
    });
    session.restore((await new OfflineData().read())!);
    session.start();
    socket.handlers.tokenLogin = () => {
      throw Object.assign(new Error(message), { name });
    };
    session.setOnline(true);
    await vi.waitFor(() => expect(session.getState().phase).toBe('anonymous'));
    expect(store.getState().collections).toEqual({});
    await vi.waitFor(async () => expect(await new OfflineData().read()).toBeNull());
  });

  it('a session ended by the server (closed with 4500) wipes the copy', async () => {
    const { socket, session } = await signedIn();
    expect(await kept()).not.toBeNull();
    socket.emit('close', { code: 4500 });
    await vi.waitFor(() => expect(session.getState().phase).toBe('anonymous'));
    expect(await kept()).toBeNull();
  });

  it('logout wipes the copy before the page reloads', async () => {
    const { socket, session, env } = await signedIn();
    expect(await kept()).not.toBeNull();
    socket.handlers.logout = () => null;
    await session.logout();
    expect(env.reload).not.toHaveBeenCalled();
    expect(await new OfflineData().read()).toBeNull();
  });

  it('the pictures kept for offline use go at logout, when the server ends the session, and at a start with no token', async () => {
    const forgetPictures = vi.fn(async () => undefined);
    const first = setup({ forgetPictures });
    first.socket.handlers.logout = () => null;
    await first.session.logout();
    expect(forgetPictures).toHaveBeenCalledTimes(1);

    const second = setup({ forgetPictures });
    document.cookie = 't-assicurapp=tok; path=/';
    second.session.start();
    await vi.waitFor(() => expect(second.session.getState().phase).toBe('authenticated'));
    second.socket.emit('close', { code: 4500 });
    await vi.waitFor(() => expect(forgetPictures).toHaveBeenCalledTimes(2));

    document.cookie = 't-assicurapp=; max-age=0; path=/';
    setup({ forgetPictures }).session.start();
    await vi.waitFor(() => expect(forgetPictures).toHaveBeenCalledTimes(3));
  });

  it('a failure to drop the pictures does not stop the logout', async () => {
    const { socket, session, env } = setup({ forgetPictures: vi.fn(async () => Promise.reject(new Error('no caches'))) });
    socket.handlers.logout = () => null;
    await session.logout();
    expect(env.logoutRequest).toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
  });

  it("another user's login replaces the copy", async () => {
    await signedIn();
    expect((await kept())!.user._id).toBe('u1');
    const other = withDevice();
    other.socket.handlers.tokenLogin = () => ({ BUILD: 'b1', u: { _id: 'u9', name: 'Luca', role: {} }, utenti: {}, settings: {}, streams: ['polizze'] });
    other.session.start();
    await vi.waitFor(() => expect(other.session.getState().dataLoadedAt).not.toBeNull());
    const snapshot = await kept();
    expect(snapshot!.user._id).toBe('u9');
    expect(JSON.stringify(snapshot)).not.toContain('A1');
  });

  it('a start with no token wipes a copy left behind (a session cookie gone with the browser)', async () => {
    await signedIn();
    expect(await kept()).not.toBeNull();
    document.cookie = 't-assicurapp=; max-age=0; path=/';
    const next = withDevice();
    next.session.start();
    expect(next.session.getState().phase).toBe('anonymous');
    await vi.waitFor(() => expect(localStorage.getItem('offlineData')).toBeNull());
    expect(await new OfflineData().read()).toBeNull();
  });
});
