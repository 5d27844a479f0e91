// One socketcluster-client 20 socket, configured like the browser's, steered by the tests.
//
//   node driver.mjs <port> <hostname>
//
// The socket connects to <hostname>:<port> (the Host header names the tenant); names under
// `localhost` resolve to 127.0.0.1, as a browser does. Commands arrive on stdin as JSON lines
// `{"id": n, "op": ..., ...}`; everything the socket hears, and each command's reply
// (`{"ev": "reply", "id": n, "ok": true|false, ...}`), leaves on stdout as JSON lines.
//
// Like the web app, once data has been loaded (`sync`), every later `connect` resyncs:
// `tokenLogin` with the stored token, then `getDbData` (with the last `wm`, when the server
// gave one). The collections it holds follow `dbData` batches and channel events.

import dns from 'node:dns';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = process.env.SPORTELLO_WEB_DIR || path.resolve(here, '../../../web');
const socketClusterClient = createRequire(path.join(webDir, 'package.json'))('socketcluster-client');

const STREAMS = ['preventivi', 'polizze', 'usr'];
const ITEM_KEY = { preventivi: 'p', polizze: 'p', usr: 'u' };
const TOKEN_NAME = 't';
const SYNC_WAIT_MS = 3000; // SPEC §7: wait up to 3 s for every collection...
const SYNC_SETTLE_MS = 100; // ...then a moment more (the browser waits 300 ms)

const [port, hostname] = process.argv.slice(2);

function out(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function errorOf(error) {
  return { name: error?.name ?? 'Error', message: error?.message ?? String(error) };
}

function loopback(host, options, callback) {
  if (host !== 'localhost' && !host.endsWith('.localhost')) {
    dns.lookup(host, options, callback);
  } else if (options?.all) {
    callback(null, [{ address: '127.0.0.1', family: 4 }]);
  } else {
    callback(null, '127.0.0.1', 4);
  }
}

const socket = socketClusterClient.create({
  hostname,
  port: Number(port),
  path: '/socketcluster/',
  protocolVersion: 2,
  authTokenName: TOKEN_NAME,
  ackTimeout: 10000,
  autoConnect: false,
  // The browser uses {initialDelay: 1500, randomness: 2000, multiplier: 1.2, maxDelay: 5000};
  // the same shape with shorter delays keeps the restart test fast.
  autoReconnectOptions: { initialDelay: 200, randomness: 200, multiplier: 1.2, maxDelay: 1000 },
  wsOptions: { lookup: loopback },
});

// --- the data the app holds -------------------------------------------------------------

const collections = {};
let watermark; // the last `wm` getDbData answered, if it gives one
let loaded = false; // data loaded once: later connects resync
let productsHash = null;
let currentSync = null; // {full, seen: Set} while a getDbData is in flight

function applyBatch(batch) {
  for (const [name, items] of Object.entries(batch ?? {})) {
    if (currentSync && !currentSync.seen.has(name)) {
      currentSync.seen.add(name);
      if (currentSync.full) collections[name] = {};
    }
    const held = (collections[name] ??= {});
    for (const [id, item] of Object.entries(items ?? {})) {
      if (item === null) delete held[id];
      else held[id] = item;
    }
  }
}

function applyEvent(channel, event) {
  const key = ITEM_KEY[channel];
  const item = key && event?.[key];
  if (!item?._id) return;
  const held = (collections[channel] ??= {});
  if (event.operationType === 'delete') delete held[item._id];
  else held[item._id] = item;
}

const consumed = new Set(); // channels whose data this process already reads

async function subscribe(channel, waitForAuth) {
  if (socket.isSubscribed(channel)) return { channel };
  const subscription = socket.subscribe(channel, { waitForAuth });
  const outcome = Promise.race([
    subscription.listener('subscribe').once().then(() => null),
    subscription.listener('subscribeFail').once().then(({ error }) => error),
  ]);
  if (!consumed.has(channel)) {
    consumed.add(channel);
    (async () => {
      for await (const data of subscription) {
        out({ ev: 'publish', channel, data });
        if (channel === 'dbData') applyBatch(data);
        else applyEvent(channel, data);
      }
    })();
  }
  const error = await outcome;
  if (error) throw error;
  return { channel };
}

async function sync() {
  await subscribe('dbData', true);
  const request = Object.fromEntries(STREAMS.map((name) => [name, []]));
  if (watermark !== undefined) request.wm = watermark;
  const job = { full: watermark === undefined, seen: new Set() };
  currentSync = job;
  try {
    const answer = await socket.invoke('getDbData', request);
    const until = Date.now() + SYNC_WAIT_MS;
    while (job.seen.size < answer.tot && Date.now() < until) await sleep(10);
    await sleep(SYNC_SETTLE_MS);
    if (answer.wm !== undefined) watermark = answer.wm;
    loaded = true;
    return { tot: answer.tot, wm: answer.wm ?? null, collections: [...job.seen].sort() };
  } finally {
    if (currentSync === job) currentSync = null;
  }
}

async function tokenLogin() {
  const t = await socket.auth.loadToken(TOKEN_NAME);
  const answer = await socket.invoke('tokenLogin', { t, productsHash });
  productsHash = answer?.settings?.productsHash ?? productsHash;
  return answer;
}

async function resync() {
  try {
    const session = await tokenLogin();
    const synced = await sync();
    out({ ev: 'resynced', user: session.u?._id ?? null, ...synced });
  } catch (error) {
    out({ ev: 'resyncFailed', error: errorOf(error) });
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// --- what the socket hears --------------------------------------------------------------

let connects = 0;

function listen(name, describe = () => ({})) {
  (async () => {
    for await (const data of socket.listener(name)) {
      out({ ev: name, ...describe(data) });
      if (name === 'connect' && ++connects > 1 && loaded && socket.authState === 'authenticated') {
        resync();
      }
    }
  })();
}

listen('connect', (status) => ({
  isAuthenticated: status.isAuthenticated,
  authError: status.authError ? errorOf(status.authError) : null,
}));
listen('connecting');
listen('disconnect', ({ code, reason }) => ({ code, reason }));
listen('connectAbort', ({ code, reason }) => ({ code, reason }));
listen('authStateChange', ({ newAuthState }) => ({ newAuthState }));
listen('removeAuthToken');
listen('subscribeFail', ({ channel, error }) => ({ channel, error: errorOf(error) }));
listen('error', ({ error }) => ({ error: errorOf(error) }));
for (const name of ['restartApp', 'closePopUp']) {
  (async () => {
    for await (const data of socket.receiver(name)) out({ ev: 'receive', name, data });
  })();
}

// --- what the test asks -----------------------------------------------------------------

const commands = {
  async connect() {
    const connected = socket.listener('connect').once();
    socket.connect();
    const status = await connected;
    return { isAuthenticated: status.isAuthenticated, id: status.id };
  },
  async storeToken({ token }) {
    await socket.auth.saveToken(TOKEN_NAME, token, {});
  },
  invoke: ({ name, data }) => socket.invoke(name, data),
  transmit: ({ name, data }) => socket.transmit(name, data),
  subscribe: ({ channel, waitForAuth = false }) => subscribe(channel, waitForAuth),
  tokenLogin,
  sync,
  async state() {
    return {
      state: socket.state,
      authState: socket.authState,
      storedToken: await socket.auth.loadToken(TOKEN_NAME),
      pendingReconnect: socket.pendingReconnect,
      collections,
    };
  },
  async exit() {
    socket.disconnect();
    setTimeout(() => process.exit(0), 10);
  },
};

createInterface({ input: process.stdin }).on('line', async (line) => {
  const { id, op, ...args } = JSON.parse(line);
  try {
    const data = await commands[op](args);
    out({ ev: 'reply', id, ok: true, data: data ?? null });
  } catch (error) {
    out({ ev: 'reply', id, ok: false, error: errorOf(error) });
  }
});
process.stdin.on('end', () => process.exit(0));
