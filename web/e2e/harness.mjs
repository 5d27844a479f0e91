// A live Sportello server (fresh SQLite database, demo data) and Debian's Chromium, for the
// end-to-end tests. The server serves the built shell (web/dist) and plugin modules.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test as nodeTest } from 'node:test';
import { chromium } from 'playwright-core';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PASSWORD = 'demo1234';

// The Python the suite starts (a server per file, the scripts that read a download back) keeps
// its compiled bytecode, in a folder of its own outside the tree: where PYTHONDONTWRITEBYTECODE is
// set, as in some containers, each server would otherwise compile core, the lines and their
// packages anew, some 6 s of CPU of a 9 s start (bench/realtime does the same for its servers).
delete process.env.PYTHONDONTWRITEBYTECODE;
process.env.PYTHONPYCACHEPREFIX ??= join(tmpdir(), 'sportello-pycache');
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class LiveServer {
  /**
   * Options: `sportello`, the command to serve with (default the project's, in .venv: another
   * environment's serves the lines installed there); `tenantsFile`, the deployments served
   * (default core's own, tests/tenants.yaml).
   */
  static async start(options = {}) {
    const server = new LiveServer(await freePort(), mkdtempSync(join(tmpdir(), 'sportello-e2e-')), options);
    await server.up();
    return server;
  }

  constructor(port, dataDir, { sportello = join(repo, '.venv', 'bin', 'sportello'), tenantsFile = join(repo, 'tests', 'tenants.yaml') } = {}) {
    this.port = port;
    this.dataDir = dataDir;
    this.sportello = sportello;
    this.tenantsFile = tenantsFile;
    this.process = null;
    this.log = '';
  }

  url(tenant, path = '/') {
    const host = { rcadealer: 'rcadealer.localhost', assicurapp: 'assicurapp.localhost' }[tenant] ?? tenant;
    return `http://${host}:${this.port}${path}`;
  }

  /** An HTTP call from outside the browser, with the tenant's Host header (fetch drops it). */
  api(tenant, path, { method = 'GET', json, token } = {}) {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const headers = {
      host: new URL(this.url(tenant)).host,
      ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
    return new Promise((resolveCall, reject) => {
      // a connection of its own (agent: false): Node's agent keeps connections alive, and one the
      // server closed as idle just as the next call reused it failed with 'socket hang up'
      const call = request({ host: '127.0.0.1', port: this.port, path, method, headers, agent: false }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          resolveCall({ status: response.statusCode, body, text, json: async () => JSON.parse(text) });
        });
      });
      call.on('error', reject);
      call.end(body);
    });
  }

  /** The bytes the server sends for `path` (any tenant: static files are shared). */
  async file(path) {
    const response = await this.api('assicurapp', path);
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return response.body;
  }

  /** The server's environment, over `dataDir`. */
  environment(dataDir = this.dataDir) {
    return {
      ...process.env,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DAILY_JOBS: 'false',
      ENVIRONMENT: 'development',
      COOKIE_SECURE: 'false',
      PASSWORD_TIME_COST: '1',
      PASSWORD_MEMORY_KIB: '8192',
      LOG_LEVEL: 'WARNING',
      // every browser of the suite logs in from 127.0.0.1: one office behind one address
      RATE_LIMIT_LOGIN_PER_ADDRESS: '1000/minute',
      WEB_DIST_DIR: join(repo, 'web', 'dist'),
      // core's own tenants by default: the shipped tenants.yaml may offer more lines
      TENANTS_FILE: this.tenantsFile,
    };
  }

  async up(timeoutMs = 90_000) {
    servers.add(this);
    if (readdirSync(this.dataDir).length === 0) {
      cpSync(await preparedData(this), this.dataDir, { recursive: true });
    }
    this.process = spawn(this.sportello, ['serve', '--no-prepare', '--port', String(this.port)], {
      cwd: repo,
      env: this.environment(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // a file whose set-up failed still ends: the server does not keep node alive, and is killed
    // when node exits
    for (const handle of [this.process, this.process.stdout, this.process.stderr]) handle.unref();
    const keep = (chunk) => (this.log = (this.log + chunk).slice(-20_000));
    this.process.stdout.on('data', keep);
    this.process.stderr.on('data', keep);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.process.exitCode !== null) throw new Error(`server exited:\n${this.log}`);
      try {
        const response = await fetch(`http://127.0.0.1:${this.port}/healthz`, { headers: { host: 'assicurapp.localhost' } });
        if (response.ok) return;
      } catch {
        /* not yet */
      }
      await sleep(250);
    }
    throw new Error(`server did not start:\n${this.log}`);
  }

  async down() {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }

  async stop() {
    servers.delete(this);
    await this.down();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * A data folder migrated and seeded once per run and per (command, deployments), which each
 * server of the run copies before it starts with `--no-prepare`: the migrations and the demo
 * data cost some seconds of CPU a server, and every file of the suite starts one. The test
 * files run as processes of one runner, whose pid names the run (SPORTELLO_E2E_RUN, set by
 * run.mjs; else the parent's, `node --test`'s); the first to need a folder
 * prepares it under a lock (an exclusive mkdir), the others wait for it.
 */
async function preparedData(server, timeoutMs = 120_000) {
  const root = join(tmpdir(), 'sportello-e2e-data');
  mkdirSync(root, { recursive: true });
  const runner = Number(process.env.SPORTELLO_E2E_RUN ?? process.ppid);
  const run = `run-${runner}`;
  for (const old of readdirSync(root)) {
    const pid = Number(old.match(/^run-(\d+)$/)?.[1]);
    if (pid && pid !== runner && !alive(pid)) rmSync(join(root, old), { recursive: true, force: true });
  }
  const key = createHash('sha256').update(`${server.sportello}\n${server.tenantsFile}`).digest('hex').slice(0, 16);
  const ready = join(root, run, key);
  const lock = `${ready}.lock`;
  mkdirSync(join(root, run), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(ready)) {
    let mine = false;
    try {
      mkdirSync(lock);
      mine = true;
    } catch {
      if (Date.now() > deadline) throw new Error(`no prepared data after ${timeoutMs} ms: ${lock}`);
      await sleep(200);
      continue;
    }
    try {
      const building = `${ready}.building`;
      rmSync(building, { recursive: true, force: true });
      mkdirSync(building);
      await migrate(server, building);
      renameSync(building, ready);
    } finally {
      if (mine) rmSync(lock, { recursive: true, force: true });
    }
  }
  return ready;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `sportello migrate` into `dataDir`, with the server's environment. */
function migrate(server, dataDir) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(server.sportello, ['migrate'], { cwd: repo, env: server.environment(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    const keep = (chunk) => (log = (log + chunk).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolveRun() : reject(new Error(`sportello migrate failed (${code}):\n${log}`))));
  });
}

/** The file's browsers and servers, read when a test fails (see {@link test}). */
const browsers = new Set();
const servers = new Set();
process.on('exit', () => {
  for (const server of servers) server.process?.kill('SIGKILL');
});

export async function launchBrowser() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  browsers.add(browser);
  browser.once('disconnected', () => browsers.delete(browser));
  return browser;
}

const FAILURES_DIR = join(repo, 'web', 'e2e', 'failures');

/** What each open page showed when a test failed: its address, the notifications and alerts on
 * screen, its errors and a screenshot (web/e2e/failures/); then the end of each server's log. */
async function failureReport(name) {
  const lines = [];
  mkdirSync(FAILURES_DIR, { recursive: true });
  const pages = [...browsers].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
  for (const [index, page] of pages.entries()) {
    try {
      const shown = await page
        .locator('.mantine-Notification-root, [role="alert"]')
        .evaluateAll((nodes) => nodes.map((node) => node.textContent.trim()).filter(Boolean));
      const file = join(FAILURES_DIR, `${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}-${index + 1}.png`);
      await page.screenshot({ path: file, timeout: 5000 });
      lines.push(`page ${index + 1}: ${page.url()}`, `  on screen: ${JSON.stringify(shown)}`);
      if (page.errors?.length) lines.push(`  errors: ${JSON.stringify(page.errors)}`);
      lines.push(`  screenshot: ${file}`);
    } catch (error) {
      lines.push(`page ${index + 1}: unreadable (${error.message.split('\n')[0]})`);
    }
  }
  for (const server of servers) lines.push(`server log (end):\n${server.log.slice(-3000)}`);
  return lines.join('\n');
}

/** node:test's `test`, adding to a failure what the browsers and the server showed at that
 * moment, so a failure seen only in CI can be read from its output. */
export function test(name, ...rest) {
  const body = rest.pop();
  return nodeTest(name, ...rest, async (context) => {
    try {
      return await body(context);
    } catch (error) {
      if (error instanceof Error) error.message += `\n--- at the failure ---\n${await failureReport(name)}`;
      throw error;
    }
  });
}

/**
 * A fresh context and page; page errors are collected for the test to assert on.
 *
 * The service worker is blocked unless `options.serviceWorkers` is 'allow' (the offline and
 * installable app's journeys, pwa.test.mjs): once signed in, each new context's worker caches the
 * whole build and every line's module (some 250 files, 5 MB), a fifth of the journeys' CPU on
 * the browser's and the server's side, for screens the journey never opens offline.
 */
export async function openPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  // a Content-Security-Policy violation is an error too: the shell must run under the policy
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|connect|apply|frame)/.test(message.text())) {
      page.errors.push(`CSP: ${message.text()}`);
    }
  });
  trackPending(page);
  return { context, page };
}

/** The socket calls in a frame (`cid`, with their event's name) or the answers (`rid`). */
function framePackets(payload, key) {
  if (typeof payload !== 'string' || !payload.startsWith('{') && !payload.startsWith('[')) return [];
  // most frames received are published data, with no answer in them: not parsed
  if (!payload.includes(`"${key}"`)) return [];
  try {
    const packets = [JSON.parse(payload)].flat();
    return packets.filter((p) => p && typeof p === 'object' && p[key] !== undefined).map((p) => ({ id: p[key], event: p.event }));
  } catch {
    return [];
  }
}

/** Keeps `page.pending()`: how many HTTP requests are in flight and socket calls unanswered. */
function trackPending(page) {
  const requests = new Set();
  const calls = new Map(); // `socket:cid` → the call's event, named when a wait fails
  let sockets = 0;
  // A page that loads a new document drops its sockets without a 'close' (Playwright reports
  // none): a call in flight then would be waited on for ever. The document's generation moves
  // with each navigation of the page itself; a socket of an older one counts no more.
  let generation = 0;
  page.pending = () => requests.size + calls.size;
  page.pendingNames = () => [...[...requests].map((r) => `${r.method()} ${new URL(r.url()).pathname}`), ...[...calls].map(([c, event]) => `call ${c} ${event}`)].join(', ');
  page.on('request', (request) => {
    requests.add(request);
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      generation += 1;
      calls.clear();
    }
  });
  page.on('requestfinished', (request) => requests.delete(request));
  page.on('requestfailed', (request) => requests.delete(request));
  page.on('websocket', (socket) => {
    const n = (sockets += 1);
    const born = generation;
    const forget = () => [...calls.keys()].filter((call) => call.startsWith(`${n}:`)).forEach((call) => calls.delete(call));
    socket.on('framesent', ({ payload }) => born === generation && framePackets(payload, 'cid').forEach(({ id, event }) => calls.set(`${n}:${id}`, event)));
    socket.on('framereceived', ({ payload }) => framePackets(payload, 'rid').forEach(({ id }) => calls.delete(`${n}:${id}`)));
    socket.on('close', forget);
    socket.on('socketerror', forget);
  });
}

/**
 * Waits for the screen to settle: no request in flight, no socket call unanswered, no loader in
 * the page area, and nothing changed in the document for `quietMs` and until the page's main
 * thread next idles (React renders a large update in slices, with pauses between them); all of
 * it again if a call started meanwhile. `quietMs` outlasts React's 300 ms between showing one
 * suspended part and the next (a lazy badge in a list row, say), which no request marks. What a
 * fixed pause stood for, as long as the screen takes.
 */
export async function settled(page, { quietMs = 350, timeout = 30_000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    while (page.pending()) {
      if (Date.now() > deadline) throw new Error(`${page.url()}: still waiting on ${page.pending()} calls (${page.pendingNames()})`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const quiet = await page.evaluate(
      ([ms, left]) =>
        new Promise((resolve) => {
          let timer;
          let changed = false;
          const loading = () => document.querySelector('[data-testid="page"] .mantine-Loader-root') !== null;
          const idle = () => {
            changed = false;
            // a page whose main thread is never idle for long (a loaded machine, a second page
            // of the same browser busy) still gets its turn: an idle callback that never came
            // left the wait with nothing changed and nothing to report
            requestIdleCallback(() => !changed && !loading() && finish(true), { timeout: 1000 });
          };
          const restart = () => (clearTimeout(timer), (timer = setTimeout(idle, ms)));
          // what changed last, named for the error when the screen never settles
          const recent = [];
          const name = (node) => {
            const element = node.nodeType === 1 ? node : node.parentElement;
            if (!element) return '#document';
            const testid = element.closest('[data-testid]')?.getAttribute('data-testid');
            return `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}${testid ? ` in ${testid}` : ''}`;
          };
          // a toast comes and goes on its own clock (and stays while the pointer rests on it):
          // it is not the screen, and waiting for it made a loaded machine time out
          const toast = (record) => (record.target.nodeType === 1 ? record.target : record.target.parentElement)?.closest('.mantine-Notifications-root');
          const observer = new MutationObserver((all) => {
            const records = all.filter((record) => !toast(record));
            if (records.length === 0) return;
            changed = true;
            for (const record of records.slice(0, 3)) {
              const added = [...record.addedNodes].map((node) => node.textContent?.slice(0, 60)).filter(Boolean).join(' | ');
              recent.push(`${record.type} ${record.attributeName ?? ''} ${name(record.target)}${added ? ` +"${added}"` : ''}`);
            }
            recent.splice(0, Math.max(recent.length - 6, 0));
            restart();
          });
          const limit = setTimeout(
            () => finish(loading() ? 'a loader still shows in the page' : recent.length ? `still changing: ${recent.join('; ')}` : `nothing changed, ${left} ms left for the wait`),
            left,
          );
          const finish = (value) => (observer.disconnect(), clearTimeout(timer), clearTimeout(limit), resolve(value));
          observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
          restart();
        }),
      [quietMs, Math.max(deadline - Date.now(), 2000)],
    );
    if (quiet !== true) throw new Error(`${page.url()}: the screen did not settle in ${timeout} ms (${quiet})`);
    if (!page.pending()) return;
  }
}

/** Opens `path` inside the running app, as one of its own links does: no reload, the data it
 * has synced stays (a page typed into the address bar is `page.goto`). Returns once the app
 * shows the new path: until its screen has loaded the router keeps the previous one. */
export async function navigate(page, path) {
  // the pointer off the page, as after a page load: a screen coming up under it would show what
  // hovering shows (a chart's tooltip)
  await page.mouse.move(-1, -1);
  const pathname = await page.evaluate((to) => {
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (history.state?.idx ?? 0) + 1 }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    return location.pathname;
  }, path);
  await page.locator(`[data-testid="page"][data-path="${pathname}"]`).waitFor();
}

export async function login(page, server, tenant, email) {
  await page.goto(server.url(tenant, '/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByTestId('side-menu').waitFor();
}

/** Logged in as `email` without the login form, for a test whose subject is what comes after:
 * the server's token in the cookie the app reads when it starts, so the next page opened is the
 * user's. Returns the token, for calls to the API. */
export async function signIn(context, server, tenant, email) {
  const answer = await server.api(tenant, '/api/auth/login', { method: 'POST', json: { email, password: PASSWORD } });
  if (answer.status !== 200) throw new Error(`${email} could not log in: ${answer.status} ${answer.text}`);
  const { token } = await answer.json();
  await context.addCookies([{ name: 't', value: token, url: server.url(tenant) }]);
  return token;
}

export async function menuLabels(page) {
  const menu = page.getByTestId('side-menu');
  return menu.locator('[data-menu-key]').evaluateAll((links) =>
    links.map((a) => ({ key: a.dataset.menuKey, label: a.querySelector('[data-testid="menu-label"]').textContent.trim() })),
  );
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// only the violations are read: axe then builds no selector for each element a rule passed, the
// longest part of a reading after the rules themselves
const AXE_RULES = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] };

/** An element axe flagged: its selector and, for contrast, the colours and the ratio found. */
function described(node) {
  const data = node.any?.find((check) => check.data?.contrastRatio !== undefined)?.data;
  const detail = data
    ? ` [${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1, ${data.expectedContrastRatio} asked]`
    : ` [${node.html.slice(0, 160)}]`;
  return `${node.target.join(' ')}${detail}`;
}

/**
 * The serious and critical WCAG 2.1 A/AA violations axe-core finds on the page as it is now, one
 * line each (rule, what it asks, the elements). axe is evaluated through the DevTools protocol,
 * which the page's Content-Security-Policy does not apply to.
 */
export async function accessibilityProblems(page) {
  // the screen as it settles: finite transitions (a notification or dialog fading in) run out
  // first, so axe does not read a half-transparent colour
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const loaded = await page.evaluate(() => typeof window.axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const { violations } = await page.evaluate((options) => window.axe.run(document, options), AXE_RULES);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map(described).slice(0, 8).join(', ')}`);
}

/** Fails the test when axe-core finds a serious or critical violation on the screen shown. */
export async function expectAccessible(page, screen) {
  const problems = await accessibilityProblems(page);
  if (problems.length) throw new Error(`accessibility, ${screen}:\n${problems.join('\n')}`);
}

/** Waits for every promise, then fails with the first failure: nothing is left half started. */
export async function allDone(promises) {
  const failed = (await Promise.allSettled(promises)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** A live server and Chromium for one test file: started before its tests, closed after them.
 * The test reads them as `live.server` and `live.browser`. Each is kept as soon as it is up, so
 * when the other fails to start it is still closed: an open browser would keep the file running
 * after its failure, and the whole run with it. */
export function liveSuite() {
  const live = { server: null, browser: null };
  before(async () => {
    await allDone([
      LiveServer.start().then((started) => (live.server = started)),
      launchBrowser().then((started) => (live.browser = started)),
    ]);
  });
  after(async () => {
    await live.browser?.close();
    await live.server?.stop();
  });
  return live;
}

/** An offer entered on the open quote's form: its net premium as motor liability for an
 * insured in Milan (the taxes and gross follow), the frequency and the guarantees. */
export async function addOffer(page, company, premium, frequency, note) {
  const form = page.getByTestId('offer-form');
  await form.waitFor();
  await form.getByTestId('offer-company').selectOption(company);
  // the premium is entered net, by ramo: motor liability for an insured in Milan
  await form.getByTestId('offer-ramo').selectOption('rca');
  await form.getByTestId('offer-province').selectOption('MI');
  await form.getByTestId('offer-premium').fill(premium);
  await form.getByTestId('offer-frequency').selectOption(frequency);
  await form.getByTestId('offer-note').fill(note);
  await form.getByTestId('offer-save').click();
  await form.waitFor({ state: 'detached' });
}
