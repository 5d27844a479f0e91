// End-to-end: the installable app. Each tenant's page links its own manifest, which Chromium
// accepts for installation; the service worker keeps the shell. The agent's policies stay on
// screen with the offline banner while the network is gone, and a policy cancelled elsewhere
// meanwhile shows once the network returns (the socket reconnects and resyncs). With the server
// out of reach while the browser is online, the app opens on the kept data all the same, a
// product line's screen included, and leaves the read-only mode once the server answers. A car's
// picture seen online shows offline after a reload (the worker's pictures' cache, bounded).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe } from 'node:test';
import { liveSuite, openPage, settled, signIn, test } from './harness.mjs';

const live = liveSuite();
const SHOTS = '/tmp/pwa-shots';
const LIVE = { timeout: 30_000 };

async function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Chromium's own view: the manifest it parsed and why it would not install the app (a test's
 * context is incognito, which Chromium never installs from: that one reason is left out). */
async function installability(page) {
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  await cdp.detach();
  return { manifest, errors: installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito') };
}

const isoDay = (date) => date.toISOString().slice(0, 10);
const BANNER = 'Sei offline: i dati mostrati sono gli ultimi sincronizzati e non si possono modificare.';
const REFUSED = 'Sei offline: le modifiche saranno possibili quando torna la connessione.';

/** The admin cancels a policy from another device. */
async function cancelElsewhere(id) {
  const { token } = await (await live.server.api('assicurapp', '/api/auth/login', {
    method: 'POST', json: { email: 'admin@demo.it', password: 'demo1234' },
  })).json();
  const policy = (await (await live.server.api('assicurapp', '/api/polizze?limit=1000', { token })).json()).find((p) => p._id === id);
  const today = isoDay(new Date());
  const start = String(policy.startDate ?? today).slice(0, 10);
  const cancelled = await live.server.api('assicurapp', `/api/polizze/${id}/annullamento`, {
    method: 'POST', json: { cancelledOn: start < today ? today : start, reason: 'vendita' }, token,
  });
  assert.equal(cancelled.status, 201, cancelled.text);
}

/** How many snapshots the device keeps. */
function keptSnapshots(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const open = indexedDB.open('sportello-offline');
    open.onupgradeneeded = () => open.transaction.abort(); // none yet: not made here
    open.onerror = () => resolve(0);
    open.onsuccess = () => {
      const db = open.result;
      const count = db.transaction('snapshots').objectStore('snapshots').count();
      count.onsuccess = () => resolve(count.result);
    };
  }));
}

/** In the page: whether the picture at `src` has loaded (not the placeholder shown for a failed one). */
function pictureShown(img) {
  return img.complete && img.naturalWidth > 0 && !img.currentSrc.endsWith('/placeholder.svg');
}

/** Logs out through the user menu and waits for the login screen the page reloads to. */
async function logOut(page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('logout-confirm').click();
  await reloaded;
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
}

/** In the page: the addresses the worker's pictures' cache keeps. */
async function keptPictures() {
  const cache = await caches.open('sportello-pictures');
  return (await cache.keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search);
}

/**
 * Waits until the device keeps the policy as cancelled (the copy is written a second after the
 * store settles) and the service worker has cached every asset the build lists.
 */
async function keptOnDevice(page, id, { cancelled = true, collection = 'polizze' } = {}) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const missing = await page.evaluate(deviceMissing, { collection, id, cancelled });
    if (!missing) return;
    if (Date.now() > deadline) throw new Error(`not kept on the device: ${missing}`);
    await page.waitForTimeout(250);
  }
}

/**
 * In the page: what the device does not keep yet (the record, a policy cancelled when asked; the build's
 * assets; the rental line's module), or null when it keeps all of it.
 */
async function deviceMissing({ collection, id, cancelled }) {
  const snapshot = await new Promise((resolve) => {
    const open = indexedDB.open('sportello-offline');
    open.onupgradeneeded = () => open.transaction.abort(); // none yet: not made here
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      const all = open.result.transaction('snapshots').objectStore('snapshots').getAll();
      all.onsuccess = () => resolve(all.result[0] ?? null);
      all.onerror = () => resolve(null);
    };
  });
  if (!snapshot) return 'no snapshot';
  const record = snapshot.collections?.[collection]?.[id];
  if (!record) return `${id} is not among the snapshot's ${collection}`;
  if (collection === 'polizze' && cancelled && !record.cancelledOn) return 'the policy is not cancelled in the snapshot';
  const manifest = await (await fetch('/.vite/manifest.json')).json();
  const files = new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? []), ...(c.assets ?? [])]));
  const cache = await caches.open((await caches.keys()).find((n) => n.startsWith('sportello-shell-')));
  const cached = new Set((await cache.keys()).map((r) => new URL(r.url).pathname.slice(1)));
  const absent = [...files].filter((file) => file.startsWith('assets/') && !cached.has(file));
  if (absent.length) return `${absent.length} of ${files.size} assets not cached (${absent.slice(0, 3).join(', ')})`;
  // the rental line's module: its entry and what it exposes
  const base = 'plugins/noleggio_auto/';
  const exposed = (await (await fetch(`/${base}mf-manifest.json`)).json()).exposes.flatMap((e) =>
    ['js', 'css'].flatMap((kind) => [...(e.assets[kind].sync ?? []), ...(e.assets[kind].async ?? [])]));
  const lineAbsent = [`${base}remoteEntry.js`, ...exposed.map((file) => base + file)].filter((file) => !cached.has(file));
  return lineAbsent.length ? `${lineAbsent.length} files of the rental module not cached (${lineAbsent.slice(0, 3).join(', ')})` : null;
}

describe('installable app', () => {
  test('each tenant links its own manifest, installable, and the worker keeps the shell', async () => {
    for (const [tenant, name, colour] of [['rcadealer', 'RCA Dealer', '#c62828'], ['assicurapp', 'Assicurapp', '#1565c0']]) {
      const { context, page } = await openPage(live.browser, { serviceWorkers: 'allow' });
      try {
        await page.goto(live.server.url(tenant, '/login'));
        await page.getByRole('button', { name: 'Accedi' }).waitFor();
        assert.equal(await page.locator('meta[name="theme-color"]').getAttribute('content'), colour);
        await page.evaluate(() => navigator.serviceWorker.ready);
        const { manifest, errors } = await installability(page);
        assert.match(manifest.url, /\/manifest\.webmanifest$/);
        assert.deepEqual(manifest.errors, []);
        const parsed = JSON.parse(manifest.data);
        assert.equal(parsed.name, name);
        assert.equal(parsed.theme_color, colour);
        assert.deepEqual(errors, [], `${tenant}: ${errors.join(', ')}`);
        const cached = await page.evaluate(async () => {
          const names = await caches.keys();
          const cache = await caches.open(names.find((n) => n.startsWith('sportello-shell-')));
          return (await cache.keys()).map((r) => new URL(r.url).pathname);
        });
        assert.ok(cached.includes('/'), cached.join(' '));
        assert.ok(cached.some((path) => path.startsWith('/assets/index-')), cached.join(' '));
        assert.ok(!cached.some((path) => path.startsWith('/api/')), cached.join(' '));
      } finally {
        await context.close();
      }
    }
  });

  test('offline: the last synced policies with the banner, read-only; online: a change made meanwhile shows', async () => {
    const { context, page } = await openPage(live.browser, { serviceWorkers: 'allow' });
    try {
      await signIn(context, live.server, 'assicurapp', 'agente@demo.it');
      await page.goto(live.server.url('assicurapp', '/polizze'));
      const row = page.getByTestId('policy-row').first();
      await row.waitFor();
      await settled(page);
      const [id, other] = await page.getByTestId('policy-row').evaluateAll((rows) => rows.slice(0, 2).map((r) => r.dataset.id));
      const target = page.locator(`[data-testid="policy-row"][data-id="${id}"]`);
      assert.equal(await target.getByTestId('policy-cancelled').count(), 0);
      const rows = await page.getByTestId('policy-row').count();

      await context.setOffline(true);
      const banner = page.getByTestId('offline-banner');
      await banner.waitFor();
      assert.equal((await banner.textContent()).trim(), BANNER);
      assert.equal(await page.getByTestId('policy-row').count(), rows);
      await shot(page, '01-offline-list');
      await cancelElsewhere(id); // meanwhile the admin cancels that policy
      await page.waitForTimeout(500);
      assert.equal(await target.getByTestId('policy-cancelled').count(), 0); // offline: not seen yet

      await context.setOffline(false);
      await banner.waitFor({ state: 'detached' });
      await target.getByTestId('policy-cancelled').waitFor(LIVE);
      await page.getByTestId('connection-banner').waitFor({ state: 'detached', timeout: 5000 });
      await shot(page, '02-back-online');
      assert.deepEqual(page.errors, []);

      // reloaded with no network: the data kept on the device, read-only, on every screen
      await keptOnDevice(page, id);
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('policies-page').waitFor();
      await banner.waitFor();
      await page.getByTestId('policy-row').first().waitFor();
      await settled(page);
      assert.equal(await page.getByTestId('policy-row').count(), rows);
      await target.getByTestId('policy-cancelled').waitFor();
      await shot(page, '03-reloaded-offline');
      await target.click(); // a screen not opened before: its code was cached after sign-in
      await page.getByTestId('policy-detail').waitFor();
      await page.getByTestId('policy-links').click();
      await page.getByText(REFUSED).waitFor();
      await shot(page, '04-reloaded-offline-refused');
      await cancelElsewhere(other);
      await page.goBack();
      const second = page.locator(`[data-testid="policy-row"][data-id="${other}"]`);
      await second.waitFor();
      assert.equal(await second.getByTestId('policy-cancelled').count(), 0);

      await context.setOffline(false); // reconnects, logs in and resyncs
      await banner.waitFor({ state: 'detached' });
      await second.getByTestId('policy-cancelled').waitFor(LIVE);
      assert.deepEqual(page.errors, []);

      // logged out: a start with no network shows nothing of that user
      await logOut(page);
      assert.equal(await keptSnapshots(page), 0);
      await context.setOffline(true);
      await page.goto(live.server.url('assicurapp', '/polizze'));
      await page.getByTestId('opened-offline').waitFor();
      assert.equal(await page.getByTestId('policy-row').count(), 0);
      await shot(page, '05-logged-out-offline');
      await context.setOffline(false);
      await page.getByRole('button', { name: 'Accedi' }).waitFor(LIVE);
    } finally {
      await context.close();
    }
  });
  test("the server out of reach, the browser online: the kept data read-only, a line's screen included, until the server answers", async () => {
    const { context, page } = await openPage(live.browser, { serviceWorkers: 'allow' });
    try {
      await signIn(context, live.server, 'assicurapp', 'agente@demo.it');
      await page.goto(live.server.url('assicurapp', '/polizze'));
      await page.getByTestId('policy-row').first().waitFor();
      await settled(page);
      const rows = await page.getByTestId('policy-row').count();
      const [id] = await page.getByTestId('policy-row').evaluateAll((all) => all.slice(0, 1).map((r) => r.dataset.id));
      await keptOnDevice(page, id, { cancelled: false });

      // the server stops answering (a proxy's 502 for the configuration, the socket refused)
      await context.route('**/api/tenant', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
      await page.reload();
      const banner = page.getByTestId('offline-banner');
      await banner.waitFor();
      assert.equal((await banner.textContent()).trim(), BANNER);
      // the banner comes with the app's start; the kept list renders once the snapshot is read
      await page.getByTestId('policy-row').first().waitFor();
      await settled(page);
      assert.equal(await page.getByTestId('policy-row').count(), rows);
      await shot(page, '06-server-away');

      // a line's screen never opened: its module was kept after sign-in
      await context.setOffline(true);
      await page.getByTestId('side-menu').locator('a[href="/noleggio-auto"]').click();
      await page.getByTestId('rental-row').first().waitFor();
      await shot(page, '07-line-offline');
      await context.setOffline(false);

      // the server answers again: the app connects, signs in and leaves the read-only mode
      await context.unroute('**/api/tenant');
      await banner.waitFor({ state: 'detached', timeout: 40_000 });
      await page.getByTestId('rental-row').first().waitFor();
      assert.deepEqual(page.errors, []);
    } finally {
      await context.close();
    }
  });
  test("a car's picture seen online shows offline after a reload; the pictures kept are bounded", async () => {
    const { context, page } = await openPage(live.browser, { serviceWorkers: 'allow' });
    try {
      await signIn(context, live.server, 'assicurapp', 'agente@demo.it');
      await page.goto(live.server.url('assicurapp', '/noleggio-auto'));
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForFunction(() => navigator.serviceWorker.controller); // the worker answers the pictures from now on
      await page.reload();
      const row = page.getByTestId('rental-row').first();
      await row.waitFor();
      const id = await row.getAttribute('data-id');
      await row.click();
      const picture = page.getByTestId('practice-car').getByTestId('car-image');
      await picture.waitFor();
      await picture.evaluate((img) => img.scrollIntoView());
      await page.waitForFunction(pictureShown, await picture.elementHandle());
      const src = new URL(await picture.evaluate((img) => img.currentSrc)).pathname;
      assert.match(src, /^\/plugins\/noleggio_auto\/cars\/[\w-]+\.svg$/);
      await page.waitForFunction(async (path) => (await caches.has('sportello-pictures')) && (await (await caches.open('sportello-pictures')).match(path)) !== undefined, src);
      await keptOnDevice(page, id, { collection: 'preventivi' });

      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('offline-banner').waitFor();
      await picture.waitFor();
      await page.waitForFunction(pictureShown, await picture.elementHandle());
      assert.equal(new URL(await picture.evaluate((img) => img.currentSrc)).pathname, src);
      await shot(page, '08-rental-picture-offline');
      // the list's thumbnails too, for the cars seen
      await page.getByTestId('side-menu').locator('a[href="/noleggio-auto"]').click();
      const thumb = page.locator(`[data-testid="rental-row"][data-id="${id}"]`).getByTestId('car-image');
      await thumb.waitFor();
      await page.waitForFunction(pictureShown, await thumb.elementHandle());
      await shot(page, '09-rental-list-offline');
      await context.setOffline(false);

      // 230 more pictures seen: the oldest go, MAX_PICTURES (200) stay, the last one among them
      await page.evaluate(async (path) => {
        const load = (n) => new Promise((resolve) => {
          const img = new Image();
          img.onload = img.onerror = resolve;
          img.src = `${path}?seen=${n}`;
        });
        for (let n = 0; n < 230; n += 10) await Promise.all(Array.from({ length: 10 }, (_, i) => load(n + i)));
      }, src);
      await page.waitForFunction(async (path) => {
        const cache = await caches.open('sportello-pictures');
        return (await cache.keys()).length <= 200 && (await cache.match(`${path}?seen=229`)) !== undefined;
      }, src);
      const kept = await page.evaluate(keptPictures);
      assert.equal(kept.length, 200, kept.length);
      assert.ok(!kept.includes(`${src}?seen=0`) && !kept.includes(src), 'the oldest pictures went');

      // logged out: the pictures leave the device with the data, and the worker keeps anew
      await logOut(page);
      assert.deepEqual(await page.evaluate(keptPictures), []);
      await page.evaluate((path) => new Promise((resolve) => {
        const img = new Image();
        img.onload = img.onerror = resolve;
        img.src = `${path}?after=1`;
      }), src);
      await page.waitForFunction(async (path) => (await (await caches.open('sportello-pictures')).keys()).length === 1, src);
      assert.deepEqual(page.errors, []);
    } finally {
      await context.close();
    }
  });
});
