// End-to-end: the installable app. Each tenant's page links its own manifest, which Chromium
// accepts for installation; the service worker keeps the shell. The agent's policies stay on
// screen with the offline banner while the network is gone, and a policy cancelled elsewhere
// meanwhile shows once the network returns (the socket reconnects and resyncs).
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

describe('installable app', () => {
  test('each tenant links its own manifest, installable, and the worker keeps the shell', async () => {
    for (const [tenant, name, colour] of [['rcadealer', 'RCA Dealer', '#c62828'], ['assicurapp', 'Assicurapp', '#1565c0']]) {
      const { context, page } = await openPage(live.browser);
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
    const { context, page } = await openPage(live.browser);
    try {
      await signIn(context, live.server, 'assicurapp', 'agente@demo.it');
      await page.goto(live.server.url('assicurapp', '/polizze'));
      const row = page.getByTestId('policy-row').first();
      await row.waitFor();
      await settled(page);
      const id = await row.getAttribute('data-id');
      const target = page.locator(`[data-testid="policy-row"][data-id="${id}"]`);
      assert.equal(await target.getByTestId('policy-cancelled').count(), 0);
      const rows = await page.getByTestId('policy-row').count();

      await context.setOffline(true);
      const banner = page.getByTestId('offline-banner');
      await banner.waitFor();
      assert.equal(
        (await banner.textContent()).trim(),
        'Sei offline: i dati mostrati sono gli ultimi sincronizzati e non si possono modificare.',
      );
      assert.equal(await page.getByTestId('policy-row').count(), rows);
      await shot(page, '01-offline-list');
      // meanwhile the admin cancels that policy
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
      await page.waitForTimeout(500);
      assert.equal(await target.getByTestId('policy-cancelled').count(), 0); // offline: not seen yet

      await context.setOffline(false);
      await banner.waitFor({ state: 'detached' });
      await target.getByTestId('policy-cancelled').waitFor(LIVE);
      await page.getByTestId('connection-banner').waitFor({ state: 'detached', timeout: 5000 });
      await shot(page, '02-back-online');
      assert.deepEqual(page.errors, []);

      // opened with no network: the cached shell says so, and opens once the network is back
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('opened-offline').waitFor();
      await shot(page, '03-opened-offline');
      await context.setOffline(false);
      await page.getByTestId('policies-page').waitFor(LIVE);
    } finally {
      await context.close();
    }
  });
});
