/**
 * The session (SPEC §4 'Session'): token login on load, login and logout, the data sync
 * (./dataSync) and the resync after a reconnect, the connection banner and the server's events.
 *
 * The socket is opened on first use: at once when a token is stored, otherwise when the user
 * starts to log in (or a public screen calls the server), so the login screen downloads no
 * realtime client.
 *
 * React reads it through `getState`/`subscribe`; everything else goes through its methods.
 */
import { clearCookies } from '../lib/cookies';
import { OfflineError } from '../lib/offline';
import type { User } from '../lib/roles';
import type { CallOptions } from '@sportello/host-api';
import type { TenantConfig } from '../lib/tenant';
import type { StatusSetting } from '../store/selectors';
import type { Snapshot, SnapshotSource } from '../store/offlineData';
import type { DataStore, Item } from '../store/store';
import { ChatUnread } from './chatUnread';
import { DataSync, type SyncCursor } from './dataSync';
import { classifyLoginError, describeError, LOGIN_RETRY_MS, sessionRefused } from './loginErrors';
import type { MenuEntry } from '../menu/menu';
import type { Socket } from './socket';
import {
  cachedProducts,
  cachedProductsHash,
  cacheProducts,
  forgetProductsHash,
  forgetToken,
  keepsData,
  keepToken,
  markKeptData,
  mayKeepData,
  rememberKeep,
  storedToken,
} from './storage';

export const TOKEN_LOGIN_DEBOUNCE_MS = 1000;
export const TOKEN_LOGIN_ACK_MS = 3000;
export const BANNER_MS = 1400;
export const LOGOUT_RELOAD_MS = 100;

export interface Settings {
  APP_NAME?: string;
  BUILD?: string;
  stati?: StatusSetting[];
  extraProducts?: { _id: string; name: string; icon: string }[];
  productsHash?: string;
  webpush?: string | null;
  assistenza?: string;
  template?: string;
  /** Show the plate of the quotes that carry one in the quotes list (SPEC §3). */
  plateInQuote?: boolean;
  [key: string]: unknown;
}

interface TokenLoginAnswer {
  BUILD: string;
  u: User;
  /** The user's side menu, computed by the server. */
  menu: MenuEntry[];
  /** The extra product lines the user may open. */
  lines: string[];
  /** The streams the user may read now (core's and the lines'): synced and followed live. */
  streams?: string[];
  products?: Record<string, Item>;
  utenti: Record<string, Item>;
  settings: Settings;
  port?: number;
}

export type Phase = 'starting' | 'anonymous' | 'authenticated';
export type Banner = 'lost' | 'restored' | null;

export interface SessionState {
  phase: Phase;
  user: User | null;
  settings: Settings | null;
  /** The side menu the server computed for the user (empty when logged out). */
  menu: MenuEntry[];
  /** The extra product lines the user may open (their modules' routes). */
  lines: string[];
  /**
   * The streams the user may read now, as the server lists them (per tenant, role and line):
   * each is synced, followed live and resynced; one that leaves the list leaves the store.
   */
  streams: string[];
  /** The users data has arrived (the loading screen shows until then). */
  usersLoaded: boolean;
  /** When the initial sync finished (ms since page start), or null. */
  dataLoadedAt: number | null;
  connected: boolean;
  /**
   * The browser has no network: the socket is closed, the store keeps the last synced data and
   * the app is read-only (calls refused with `OfflineError`) until the network returns.
   */
  offline: boolean;
  banner: Banner;
  tenant: TenantConfig;
}

export interface SessionEnvironment {
  reload: () => void;
  now: () => number;
  notifyError: (message: string, group?: string) => void;
  closePopups: () => void;
  fetchTenant: () => Promise<TenantConfig>;
  storage: Storage;
  logoutRequest: () => Promise<unknown>;
  /** The device's copy of the data for offline starts (../store/offlineData), loaded on use. */
  offlineData?: () => Promise<OfflineKeeper>;
  /** Drop the pictures the service worker kept (a car's, say): they were the signed-out user's. */
  forgetPictures?: () => Promise<void>;
}

/** What the session asks of the device's copy of the data. */
export interface OfflineKeeper {
  keep(source: SnapshotSource): void;
  wipe(): Promise<void>;
}

type Listener = () => void;

/** The opened socket and the data sync running on it. */
interface Link {
  socket: Socket;
  data: DataSync;
}

export class Session {
  private state: SessionState;
  private readonly listeners = new Set<Listener>();
  private lastTokenLogin = -Infinity;
  private everConnected = false;
  private bannerTimer: ReturnType<typeof setTimeout> | null = null;
  private subscribed = new Set<string>();
  private logTimeSent = false;
  private link: Promise<Link> | null = null;
  private catchingUp: Promise<void> | null = null;
  private catchUpAgain = false;
  /** The data sync, once the socket is open (its cursor goes into the device's copy). */
  private data: DataSync | null = null;
  /** Where the data kept on the device left off: the first sync goes on from there. */
  private cursor: SyncCursor | null = null;
  /** The server accepted this page's session (not only the copy kept on the device). */
  private confirmed = false;
  private offlineKeeper: Promise<OfflineKeeper> | null = null;
  private keeping = false;
  /** Unread chat counts per room (the menu chip and the CHAT badges). */
  readonly chatUnread: ChatUnread;

  constructor(
    tenant: TenantConfig,
    private readonly openSocket: () => Promise<Socket>,
    private readonly store: DataStore,
    private readonly env: SessionEnvironment,
  ) {
    this.chatUnread = new ChatUnread(store, () => this.state.user?._id);
    this.state = {
      phase: 'starting',
      user: null,
      settings: null,
      menu: [],
      lines: [],
      streams: [],
      usersLoaded: false,
      dataLoadedAt: null,
      connected: false,
      offline: false,
      banner: null,
      tenant,
    };
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Try the token login. Without a stored token the server could only answer 'no token' (the
   * socket authenticates with the same token), so the login screen shows without a round trip.
   */
  start(): void {
    if (this.state.phase === 'authenticated') {
      // opened on the data kept on the device: the server is asked once the network is back
      if (!this.state.offline) void this.tokenLogin();
    } else if (this.storedToken()) void this.tokenLogin();
    else {
      this.set({ phase: 'anonymous', usersLoaded: true, dataLoadedAt: this.env.now() });
      // data kept for a session whose token is gone (a session cookie, the browser closed)
      if (keepsData(this.env.storage)) void this.wipeOffline();
      else void this.forgetPictures();
    }
  }

  /**
   * Open on the data kept on this device (the app started with no network): the last synced
   * lists, read-only, for the user last signed in, until the network returns and the server
   * confirms the session (or ends it, and the copy is wiped).
   */
  restore(snapshot: Snapshot): void {
    this.store.applyBatch(snapshot.collections);
    this.cursor = snapshot.cursor;
    this.set({
      phase: 'authenticated',
      user: snapshot.user,
      settings: snapshot.settings,
      menu: snapshot.menu,
      lines: snapshot.lines,
      streams: snapshot.streams,
      usersLoaded: true,
      dataLoadedAt: this.env.now(),
      offline: true,
    });
  }

  /** What the device keeps of this session now; null until the server has accepted it. */
  snapshot(): Snapshot | null {
    const { phase, user, settings, menu, lines, streams, tenant } = this.state;
    if (phase !== 'authenticated' || !this.confirmed || !user || !settings) return null;
    return {
      version: 1,
      tenant,
      user,
      settings,
      menu,
      lines,
      streams,
      collections: this.store.getState().collections,
      cursor: this.data?.cursor() ?? null,
      savedAt: Date.now(),
    };
  }

  /** Open the socket ahead of its first call: the login form does so as the user types. */
  connect(): void {
    this.linked().catch(() => undefined); // the call that needs the socket reports the failure
  }

  /** The socket, opened once with its events wired, and the data sync on it. */
  private linked(): Promise<Link> {
    this.link ??= this.openSocket().then(
      (socket) => {
        this.wire(socket);
        const streams = () => this.state.streams;
        const data = new DataSync(socket, this.store, streams, () => void this.refreshUnread());
        if (this.cursor) data.resume(this.cursor);
        this.data = data;
        return { socket, data };
      },
      (error: unknown) => {
        this.link = null; // a failed download is tried again on next use
        throw error;
      },
    );
    return this.link;
  }

  private wire(socket: Socket): void {
    this.listen(socket, 'connect', () => this.onConnect());
    this.listen(socket, 'close', (event) => this.onClose(socket, Number(event.code)));
    this.listen(socket, 'authenticate', (event) => this.keepToken(String(event.signedAuthToken ?? '')));
    this.listen(socket, 'removeAuthToken', () => this.forgetToken());
    this.receive(socket, 'restartApp', () => this.env.reload());
    this.receive(socket, 'closePopUp', () => this.env.closePopups());
    this.receive(socket, 'productsChanged', () => void this.refreshTenant());
    this.receive(socket, 'dataChanged', () => this.catchUp());
  }

  /**
   * The server says data changed in bulk (an import): resync from the watermark, as after a
   * reconnect, so the open screens show it; one resync at a time, one more if told meanwhile.
   */
  private catchUp(): void {
    const { phase, offline, dataLoadedAt } = this.state;
    if (phase !== 'authenticated' || offline || dataLoadedAt === null) return;
    if (this.catchingUp) {
      this.catchUpAgain = true;
      return;
    }
    this.catchingUp = this.sync()
      .catch((error: unknown) => console.warn('dataChanged', error))
      .finally(() => {
        this.catchingUp = null;
        if (!this.catchUpAgain) return;
        this.catchUpAgain = false;
        this.catchUp();
      });
  }

  // --- login -------------------------------------------------------------------------------

  /** Token login; an automatic attempt within 1 s of the previous one is skipped. */
  async tokenLogin({ force = false, token }: { force?: boolean; token?: string } = {}): Promise<void> {
    const now = this.env.now();
    if (!force && now - this.lastTokenLogin < TOKEN_LOGIN_DEBOUNCE_MS) return;
    this.lastTokenLogin = now;
    const t = token ?? this.storedToken();
    let answer: TokenLoginAnswer;
    let socket: Socket;
    try {
      ({ socket } = await this.linked());
      answer = await socket.invoke<TokenLoginAnswer>(
        'tokenLogin',
        { t, productsHash: cachedProductsHash(this.env.storage) },
        { ackTimeout: TOKEN_LOGIN_ACK_MS },
      );
    } catch (error) {
      this.onTokenLoginError(error);
      return;
    }
    if (answer.BUILD !== this.state.tenant.BUILD) {
      forgetProductsHash(this.env.storage);
      this.env.reload();
      return;
    }
    const { data } = await this.linked();
    this.applyLogin(socket, data, answer);
    await this.sync();
    this.keepOffline();
  }

  /** Email and password; errors are thrown to the form. */
  async login(email: string, password: string, keep: boolean): Promise<void> {
    rememberKeep(this.env.storage, keep);
    const { socket } = await this.linked();
    const { token } = await socket.invoke<{ token: string }>('login', { email, password, keep });
    this.keepToken(token);
    await this.tokenLogin({ force: true, token });
  }

  /** Clear storage and cookies and reload after 100 ms (SPEC §4). */
  async logout(): Promise<void> {
    await Promise.allSettled([
      this.wipeOffline(),
      // a page that never opened the socket has no socket session to end
      this.link?.then(({ socket }) => socket.invoke('logout', undefined, { ackTimeout: 2000 })),
      this.env.logoutRequest(),
    ]);
    this.env.storage.clear();
    try {
      sessionStorage.clear();
    } catch {
      /* not available */
    }
    clearCookies();
    this.store.clear();
    setTimeout(() => this.env.reload(), LOGOUT_RELOAD_MS);
  }

  private onTokenLoginError(error: unknown): void {
    const action = classifyLoginError(error);
    // the server no longer accepts the session (ended elsewhere, expired, the account suspended):
    // the data it showed leaves the screen and the device
    if (this.state.phase === 'authenticated' && action !== 'retry' && sessionRefused(error)) {
      this.forgetToken();
      this.endSession();
      return;
    }
    switch (action) {
      case 'retry':
        setTimeout(() => void this.tokenLogin({ force: true }), LOGIN_RETRY_MS);
        return;
      case 'dropToken':
        this.forgetToken();
        break;
      case 'notify':
        this.env.notifyError(describeError(error).message, 'login');
        break;
      case 'anonymous':
        // opened on the device's copy, and there is no token to confirm it with
        if (this.state.phase === 'authenticated' && !this.confirmed) {
          this.endSession();
          return;
        }
        break;
    }
    if (this.state.phase !== 'authenticated') {
      this.set({ phase: 'anonymous', usersLoaded: true, dataLoadedAt: this.env.now() });
    }
  }

  private applyLogin(socket: Socket, data: DataSync, answer: TokenLoginAnswer): void {
    const products = answer.products ?? cachedProducts(this.env.storage);
    if (answer.products) cacheProducts(this.env.storage, answer.products, answer.settings.productsHash);
    this.store.setCollection('products', products);
    this.store.setCollection('usr', { ...answer.utenti, [answer.u._id]: answer.u as Item });
    this.confirmed = true;
    this.set({
      phase: 'authenticated',
      user: answer.u,
      settings: answer.settings,
      menu: answer.menu ?? [],
      lines: answer.lines ?? [],
      usersLoaded: true,
      // logging in from the login screen: the anonymous 'loaded' does not hold for the new user's data
      dataLoadedAt: this.state.phase === 'authenticated' ? this.state.dataLoadedAt : null,
    });
    this.followStreams(socket, data, answer.streams ?? this.state.streams);
    this.subscribeOpen(socket, answer.u);
  }

  /** A realtime call (the shell's screens use this rather than the socket); refused offline.
   * It fails after the socket's `ackTimeout` unless `options.timeoutMs` says otherwise. */
  async invoke<T = unknown>(name: string, data?: unknown, options: CallOptions = {}): Promise<T> {
    if (this.state.offline) throw new OfflineError();
    const { socket } = await this.linked();
    if (options.timeoutMs === undefined) return socket.invoke<T>(name, data);
    return socket.invoke<T>(name, data, { ackTimeout: options.timeoutMs });
  }

  /**
   * Follow a channel (a product line's own, say) until the returned function is called; the
   * subscription waits for the login, and events that are not objects are dropped.
   */
  watch(channelName: string, onEvent: (event: Record<string, unknown>) => void): () => void {
    let stopped = false;
    let stop = () => {
      stopped = true;
    };
    void (async () => {
      const { socket } = await this.linked();
      if (stopped) return;
      const consumer = socket.subscribe<unknown>(channelName, { waitForAuth: true }).createConsumer();
      stop = () => consumer.return();
      for (;;) {
        const packet = await consumer.next();
        if (packet.done) return;
        if (packet.value && typeof packet.value === 'object') onEvent(packet.value as Record<string, unknown>);
      }
    })();
    return () => stop();
  }

  /** Publish on a channel the server lets clients publish on (an admin's OTP code). */
  async publish(channel: string, data: unknown): Promise<void> {
    if (this.state.offline) throw new OfflineError();
    const { socket } = await this.linked();
    return socket.invokePublish(channel, data);
  }

  /** A realtime message without an answer (`logTime`, `registerWebPush`). */
  async transmit(name: string, data?: unknown): Promise<void> {
    if (this.state.offline) throw new OfflineError();
    const { socket } = await this.linked();
    return socket.transmit(name, data);
  }

  // --- data ---------------------------------------------------------------------------------

  /** Initial sync, or a resync with the last watermark after a reconnect; then logTime once. */
  async sync(): Promise<void> {
    const { socket, data } = await this.linked();
    await data.sync(); // the unread counts are asked for when the data is written
    if (this.state.dataLoadedAt === null) this.set({ dataLoadedAt: this.env.now() });
    if (!this.logTimeSent) {
      this.logTimeSent = true;
      void socket.transmit('logTime', Math.round(this.env.now()));
    }
  }

  /** The server's unread counts (after every sync: what this device missed while away). */
  async refreshUnread(): Promise<void> {
    try {
      this.chatUnread.replace(await this.invoke<Record<string, number>>('chatUnread'));
    } catch (error) {
      console.warn('chatUnread', error);
    }
  }

  /** Ask for missing users and documents (the store's look-up queue calls this). */
  async lookup(request: Record<string, string[]>): Promise<unknown> {
    const { data } = await this.linked();
    return data.lookup(request);
  }

  /**
   * Follow exactly the streams the server listed: a new one is subscribed to (and synced in
   * full with the next sync), one no longer listed is unsubscribed and its collection leaves
   * the store, live (a product line switched off for the tenant, or taken from the user).
   */
  private followStreams(socket: Socket, data: DataSync, streams: readonly string[]): boolean {
    const gone = this.state.streams.filter((name) => !streams.includes(name));
    const added = streams.filter((name) => !this.state.streams.includes(name));
    this.set({ streams: [...streams] });
    for (const name of gone) socket.unsubscribe(name);
    if (gone.length) data.forget(gone);
    for (const name of streams) this.followStream(socket, name);
    return added.length > 0;
  }

  /** One stream's change events into the store (consumed once; subscribed again if left). */
  private followStream(socket: Socket, collection: string): void {
    if (this.subscribed.has(collection)) {
      socket.subscribe(collection, { waitForAuth: true }); // left before: a no-op otherwise
      return;
    }
    this.subscribed.add(collection);
    void this.consume(socket, collection, (event) => {
      const room = collection === 'chat' ? (event as { c?: { _id?: string } }).c : undefined;
      const before = room?._id ? this.store.get('chat', room._id) : undefined;
      this.store.applyChange(collection, event as never);
      if (room) this.chatUnread.onRoom(event as never, before);
      // one's own user changed (name, photo, language): the top bar follows
      const own = (event as { u?: User }).u;
      if (own && own._id === this.state.user?._id && (event as { operationType?: string }).operationType !== 'delete') {
        this.set({ user: { ...this.state.user, ...own } });
      }
    });
  }

  /** The channels every session follows whatever it may read: products, docs, settings, its own. */
  private subscribeOpen(socket: Socket, user: User): void {
    // subscribed without waiting for the login (SPEC §7)
    const refresh = () => void this.refreshSettings();
    const open: [string, (event: unknown) => void, (() => void)?][] = [
      ['products', (event) => this.store.applyChange('products', event as never)],
      ['docs', (event) => this.store.applyChange('docs', event as never)],
      // the settings the login read may have changed before the subscription stood (an OTP
      // request, a new status): they are read again each time it stands
      ['settings', refresh, refresh],
    ];
    for (const [channelName, onEvent, onSubscribed] of open) {
      if (this.subscribed.has(channelName)) continue;
      this.subscribed.add(channelName);
      void this.consume(socket, channelName, onEvent, false, onSubscribed);
    }
    const priv = `priv/${user._id}`;
    if (!this.subscribed.has(priv)) {
      this.subscribed.add(priv);
      void this.consume(socket, priv, (event) => {
        const seen = (event as { chatSeen?: { chatId?: string } }).chatSeen;
        if (seen?.chatId) this.chatUnread.seen(seen.chatId);
      });
    }
  }

  private async consume(
    socket: Socket,
    channelName: string,
    onEvent: (event: unknown) => void,
    waitForAuth = true,
    onSubscribed?: () => void,
  ): Promise<void> {
    const channel = socket.subscribe(channelName, { waitForAuth });
    if (onSubscribed) {
      void (async () => {
        for await (const _ of channel.listener('subscribe')) onSubscribed();
      })();
    }
    for await (const event of channel) {
      if (event && typeof event === 'object') onEvent(event);
    }
  }

  // --- connection ---------------------------------------------------------------------------

  /**
   * The browser's network went away or came back. Offline, the socket is closed (nothing
   * half-sent, the banner says why); back online it connects at once, and the reconnect logs in
   * again and resyncs from the last watermark, so what changed meanwhile arrives.
   */
  setOnline(online: boolean): void {
    if (online === !this.state.offline) return;
    this.set({ offline: !online });
    // opened offline on the device's copy: the socket opens now, logs in and resyncs
    if (online && !this.link && this.state.phase === 'authenticated') void this.tokenLogin({ force: true });
    void this.link?.then(({ socket }) => {
      if (!online) socket.disconnect();
      else if (socket.state === 'closed') socket.connect();
    });
  }

  private onConnect(): void {
    const reconnect = this.everConnected;
    this.everConnected = true;
    this.set({ connected: true });
    if (!reconnect) {
      void this.tokenLogin();
      return;
    }
    this.showBanner('restored');
    if (this.state.phase === 'authenticated') void this.tokenLogin({ force: true });
    else void this.tokenLogin();
  }

  private onClose(socket: Socket, code: number): void {
    this.set({ connected: false });
    if (this.everConnected) this.showBanner('lost');
    if (code >= 4500 && this.state.phase === 'authenticated') {
      // logged out, suspended or kicked: no automatic reconnect
      this.forgetToken();
      this.endSession();
      socket.connect();
    }
  }

  /** The session ended (the server says so): its data leaves the store and the device. */
  private endSession(): void {
    this.store.clear();
    this.confirmed = false;
    this.cursor = null;
    void this.wipeOffline();
    this.set({
      phase: 'anonymous',
      user: null,
      settings: null,
      menu: [],
      lines: [],
      streams: [],
      usersLoaded: true,
      dataLoadedAt: this.state.dataLoadedAt ?? this.env.now(),
    });
  }

  // --- the device's copy --------------------------------------------------------------------

  private keeper(): Promise<OfflineKeeper> | null {
    if (!this.env.offlineData) return null;
    this.offlineKeeper ??= this.env.offlineData();
    return this.offlineKeeper;
  }

  /** Once the server accepted the session and the data synced: keep it on the device. */
  private keepOffline(): void {
    const keeper = this.keeper();
    if (!keeper || this.keeping || !this.confirmed || !mayKeepData(this.env.storage)) return;
    this.keeping = true;
    markKeptData(this.env.storage, true);
    void keeper.then(
      (offline) => offline.keep({ subscribe: this.store.subscribe, snapshot: () => this.snapshot() }),
      (error: unknown) => console.warn('offline data', error),
    );
  }

  /** Forget the data kept on the device (logout, a session the server ended). */
  private async wipeOffline(): Promise<void> {
    this.keeping = false;
    const pictures = this.forgetPictures();
    const keeper = this.keeper();
    if (keeper) {
      try {
        await (await keeper).wipe();
        markKeptData(this.env.storage, false);
      } catch (error) {
        console.warn('offline data', error);
      }
    }
    await pictures;
  }

  /** The kept pictures leave the device with the data (never fails the caller). */
  private async forgetPictures(): Promise<void> {
    try {
      await this.env.forgetPictures?.();
    } catch (error) {
      console.warn('offline pictures', error);
    }
  }

  private showBanner(banner: Banner): void {
    if (this.bannerTimer) clearTimeout(this.bannerTimer);
    this.bannerTimer = null;
    this.set({ banner });
    if (banner === 'restored') {
      this.bannerTimer = setTimeout(() => this.set({ banner: null }), BANNER_MS);
    }
  }

  /** The tenant's settings changed: read them again (statuses, support text, extra products). */
  private async refreshSettings(): Promise<void> {
    if (this.state.phase !== 'authenticated') return;
    try {
      const answer = await this.invoke<TokenLoginAnswer>('tokenLogin', {
        productsHash: cachedProductsHash(this.env.storage),
      });
      if (answer.products) {
        cacheProducts(this.env.storage, answer.products, answer.settings.productsHash);
        this.store.setCollection('products', answer.products);
      }
      this.set({ settings: answer.settings, user: answer.u, menu: answer.menu ?? [], lines: answer.lines ?? [] });
      const { socket, data } = await this.linked();
      // a stream the user may now read (a line switched on) is synced at once, in full
      if (this.followStreams(socket, data, answer.streams ?? this.state.streams)) void this.sync();
    } catch (error) {
      console.warn('settings refresh', error);
    }
    await this.refreshTenant();
  }

  private async refreshTenant(): Promise<void> {
    try {
      const tenant = await this.env.fetchTenant();
      this.set({ tenant: { ...tenant, BUILD: this.state.tenant.BUILD } });
    } catch (error) {
      console.warn('tenant refresh', error);
    }
  }

  // --- tokens ------------------------------------------------------------------------------

  private storedToken(): string | null {
    return storedToken(this.state.tenant.appName, this.env.storage);
  }

  private keepToken(token: string): void {
    keepToken(this.state.tenant.appName, this.env.storage, token);
  }

  private forgetToken(): void {
    forgetToken(this.state.tenant.appName, this.env.storage);
  }

  // --- plumbing ----------------------------------------------------------------------------

  private set(patch: Partial<SessionState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  private listen(socket: Socket, event: string, handler: (data: Record<string, unknown>) => void): void {
    void (async () => {
      for await (const data of socket.listener(event)) handler(data ?? {});
    })();
  }

  private receive(socket: Socket, event: string, handler: (data: unknown) => void): void {
    void (async () => {
      for await (const data of socket.receiver(event)) handler(data);
    })();
  }
}
