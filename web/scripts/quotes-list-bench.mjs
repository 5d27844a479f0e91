// Quote list at scale: the demo agent with 10,000 quotes on a fresh SQLite database, the
// built shell in Chromium. Measures what a broker feels: the list appearing after login,
// a search narrowing it, and frame times while scrolling through it. Prints one table and
// writes ../bench/web-quotes.md. Needs the built shell (`npm run build`) and the Python venv.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, LiveServer, login, openPage, PASSWORD } from '../e2e/harness.mjs';
import { BareChromium } from './bare-chromium.mjs';

const QUOTES = Number(process.env.QUOTES ?? 10_000);
/** Times the menu path is measured (a fresh browser context each time). */
const MENU_RUNS = Number(process.env.MENU_RUNS ?? 3);
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(repo, 'bench', 'web-quotes.md');

const freePort = () =>
  new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/**
 * Where the time to the list goes, from the sync's User Timing marks (src/session/dataSync.ts)
 * and the page's time origin (the same wall clock as this process): the server's reading,
 * sending and the browser's decoding apart from the client's own work. Dashes without marks.
 */
async function splits(page, { started, loggedIn, shown }) {
  const t = await page.evaluate(() => {
    const at = (name) => performance.getEntriesByName(name).at(-1)?.startTime ?? null;
    return { origin: performance.timeOrigin, asked: at('sync:asked'), first: at('sync:first-batch'), answered: at('sync:answered') };
  });
  const ms = (from, to) => (from == null || to == null ? '—' : `${Math.round(to - from)} ms`);
  const epoch = (mark) => (mark == null ? null : t.origin + mark);
  return [
    ['↳ log in (login page, credentials, side menu shown)', ms(started, loggedIn)],
    ['↳ /preventivi opened → getDbData asked (page load, token login)', ms(loggedIn, epoch(t.asked))],
    ['↳ getDbData asked → first batch (server reading)', ms(t.asked, t.first)],
    ['↳ first batch → answer (server sending, browser decoding)', ms(t.first, t.answered)],
    ['↳ answer → list of all quotes shown (client: store, sort, render)', ms(t.answered, shown.all)],
    ['first quotes on screen, after getDbData asked', ms(t.asked, shown.first)],
  ];
}

/**
 * The list as a broker reaches it: the login page open, Accedi clicked, then Preventivi in the
 * side menu as soon as it shows (no reload, so the sync the login started is the one the list
 * waits for), then a search. Timed on the page's clock, from pressing Accedi to the last row
 * counted and from the search's input to the narrowed list, in a Chromium without the
 * Network domain (./bare-chromium.mjs).
 */
async function throughTheMenu(browser, server) {
  const page = await browser.newPage();
  try {
    await page.goto(server.url('assicurapp', '/login'));
    await page.waitFor(`!!document.querySelector('input[type=password]')`);
    await page.type('input[type=email]', 'agente@demo.it');
    await page.type('input[type=password]', PASSWORD);
    // what typing starts (the realtime client, the next screen) is in, as after a person's typing
    await page.pause(1000);
    await page.evaluate(`document.addEventListener('mousedown', () => (window.__pressed ??= performance.now()), true)`);
    await page.click('button[type=submit]');
    await page.click('[data-testid="side-menu"] [data-menu-key="preventivi"]');
    const ms = await page.waitFor(
      `Number(document.querySelector('[role="table"][aria-rowcount]')?.getAttribute('aria-rowcount')) >= ${QUOTES} && performance.now() - window.__pressed`,
    );
    // then a search a second later (a person looks at the list before typing), timed on the
    // page's clock from the input to the narrowed list
    await page.pause(1000);
    await page.type('[data-testid="quote-search"]', 'Cliente 09999');
    const searched = await page.waitFor(
      `Number(document.querySelector('[role="table"]')?.getAttribute('aria-rowcount')) < 10 && performance.now() - window.__typedAt`,
    );
    if (page.errors.length) throw new Error(page.errors.join('\n'));
    return { menu: Math.round(ms), search: Math.round(searched) };
  } finally {
    await page.close();
  }
}

/** The same path driven by Playwright: the figure before the bench drove a bare Chromium. */
async function throughTheMenuWithPlaywright(browser, server) {
  const { context, page } = await openPage(browser, { viewport: { width: 1440, height: 900 } });
  await page.goto(server.url('assicurapp', '/login'));
  await page.getByLabel('Email').fill('agente@demo.it');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const clicked = Date.now();
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.locator('[data-testid="side-menu"] [data-menu-key="preventivi"]').click();
  await page.waitForFunction((n) => Number(document.querySelector('[role="table"][aria-rowcount]')?.getAttribute('aria-rowcount')) >= n, QUOTES);
  if (page.errors.length) throw new Error(page.errors.join('\n'));
  await context.close();
  return Date.now() - clicked;
}

const dataDir = mkdtempSync(join(tmpdir(), 'sportello-bench-quotes-'));
execFileSync(join(repo, '.venv', 'bin', 'python'), ['-m', 'bench.realtime.seed', '--quotes', String(QUOTES), '--policies', '0'], {
  cwd: repo,
  env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'WARNING' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

/** The list opened, searched and scrolled in Playwright's Chromium, and the menu path once. */
async function measureInPlaywright(server, rows) {
  const browser = await launchBrowser();
  try {
    const { context, page } = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    const started = Date.now();
    await login(page, server, 'assicurapp', 'agente@demo.it');
    const loggedIn = Date.now();
    await page.goto(server.url('assicurapp', '/preventivi'));
    // page clock: the first rows on screen and the whole list, polled every frame
    const listed = await page.waitForFunction(
      (n) => {
        const count = Number(document.querySelector('[role="table"][aria-rowcount]')?.getAttribute('aria-rowcount') ?? 0);
        if (count > 0) window.__firstRows ??= performance.now();
        return count >= n && { first: window.__firstRows, all: performance.now() };
      },
      QUOTES,
      { polling: 'raf' },
    );
    rows.push(['login → list of all quotes shown', `${Date.now() - started} ms`]);
    rows.push(...(await splits(page, { started, loggedIn, shown: await listed.jsonValue() })));

    const search = page.getByTestId('quote-search');
    const typed = Date.now();
    await search.fill('Cliente 09999');
    await page.waitForFunction(() => Number(document.querySelector('[role="table"]')?.getAttribute('aria-rowcount')) < 10);
    rows.push(['search typed → list narrowed, driven by Playwright', `${Date.now() - typed} ms`]);
    await search.fill('');
    await page.waitForFunction((n) => Number(document.querySelector('[role="table"]')?.getAttribute('aria-rowcount')) >= n, QUOTES);

    const frames = await page.evaluate(async () => {
      const deltas = [];
      let last = performance.now();
      const end = last + 4000;
      const height = document.scrollingElement.scrollHeight;
      await new Promise((done) => {
        const step = (now) => {
          deltas.push(now - last);
          last = now;
          const progress = 1 - (end - now) / 4000;
          window.scrollTo(0, Math.min(1, progress) * height);
          if (now < end) requestAnimationFrame(step);
          else done();
        };
        requestAnimationFrame(step);
      });
      return { deltas: deltas.slice(1), rendered: document.querySelectorAll('[data-testid="quote-row"]').length };
    });
    rows.push(['scroll top → bottom in 4 s: frames', String(frames.deltas.length)]);
    rows.push(['frame time p50 / p95 / max', `${percentile(frames.deltas, 50).toFixed(1)} / ${percentile(frames.deltas, 95).toFixed(1)} / ${Math.max(...frames.deltas).toFixed(1)} ms`]);
    rows.push(['rows in the DOM while scrolling (virtualised)', String(frames.rendered)]);
    const heap = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? 0);
    if (heap) rows.push(['JS heap with the list open', `${(heap / 2 ** 20).toFixed(0)} MB`]);
    if (page.errors.length) throw new Error(page.errors.join('\n'));
    await context.close();
    rows.push([
      'Accedi clicked → list of all quotes shown, through the menu, driven by Playwright (copies every socket frame to the driver)',
      `${await throughTheMenuWithPlaywright(browser, server)} ms`,
    ]);
  } finally {
    await browser.close();
  }
}

/** The menu path, `MENU_RUNS` times, in a bare Chromium. */
async function measureMenuPath(server, rows) {
  const browser = await BareChromium.launch();
  try {
    const runs = [];
    for (let i = 0; i < MENU_RUNS; i += 1) runs.push(await throughTheMenu(browser, server));
    const summary = (values) => {
      const sorted = [...values].sort((x, y) => x - y);
      return `${sorted[Math.floor(sorted.length / 2)]} ms, ${sorted.at(-1)} ms (${values.join(', ')})`;
    };
    rows.push([`Accedi clicked → list of all quotes shown, through the menu (no reload): median, worst of ${MENU_RUNS}`, summary(runs.map((r) => r.menu))]);
    rows.push([`then search typed → list narrowed: median, worst of ${MENU_RUNS}`, summary(runs.map((r) => r.search))]);
  } finally {
    await browser.close();
  }
}

const server = new LiveServer(await freePort(), dataDir);
await server.up();
const rows = [];
try {
  await measureInPlaywright(server, rows);
  await measureMenuPath(server, rows);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const table = [`| ${QUOTES.toLocaleString('en')} quotes, Chromium headless | value |`, '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join('\n');
console.log(table);
writeFileSync(out, `# Quote list with ${QUOTES.toLocaleString('en')} quotes\n\nMeasured by \`make bench-web\` (web/scripts/quotes-list-bench.mjs) on ${new Date().toISOString().slice(0, 10)}.\n\n${table}\n`);
