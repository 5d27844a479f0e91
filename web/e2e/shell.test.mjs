// End-to-end: the built shell against a live server, in Debian's Chromium.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { gzipSync } from 'node:zlib';
import { expectAccessible, liveSuite, login, menuLabels, openPage, signIn, test } from './harness.mjs';

const INITIAL_JS_BUDGET_KB = 180;

const ALL = {
  utenti: 'Utenti', home: 'Home', preventivi: 'Preventivi', polizze: 'Polizze', insolute: 'Rate insolute', sinistri: 'Sinistri', chat: 'Chat', report: 'Report',
  prodotti: 'Prodotti', 'saldo-collaboratore': 'Saldo', rui: 'RUI e formazione', cassa: 'Cassa', rimesse: 'Rimesse', importa: 'Importa portafoglio', impostazioni: 'Impostazioni',
  clienti: 'Clienti', 'nuova-quotazione': 'Nuova quotazione', 'area-documentale': 'Area documentale',
  targhe: 'Targhe', 'noleggio-auto': 'Noleggio auto', prestiti: 'Prestiti',
};

// SPEC §6, written out per demo account. assicurapp: full menu (Rate insolute and Sinistri after Polizze,
// Rimesse after Cassa, RUI e formazione before Cassa for the office and agents, the portfolio import for the admin, the responsabile and top agents),
// noleggio-auto and prestiti;
// rcadealer: the menu cut to users, quotes, policies, report, settings, products and chat,
// plus plates and its extra product. Every demo account but admin and dipendente has the
// tenant's extra products in its own list.
const MENUS = {
  assicurapp: {
    admin: ['utenti', 'preventivi', 'polizze', 'insolute', 'sinistri', 'chat', 'report', 'prodotti', 'rui', 'cassa', 'rimesse', 'importa', 'impostazioni', 'clienti', 'area-documentale', 'noleggio-auto', 'prestiti'],
    responsabile: ['preventivi', 'polizze', 'insolute', 'sinistri', 'chat', 'report', 'prodotti', 'rui', 'importa', 'area-documentale', 'noleggio-auto', 'prestiti'],
    agente: ['home', 'preventivi', 'polizze', 'insolute', 'sinistri', 'chat', 'report', 'saldo-collaboratore', 'rui', 'importa', 'clienti', 'nuova-quotazione', 'area-documentale', 'noleggio-auto', 'prestiti'],
    subagente: ['home', 'preventivi', 'polizze', 'insolute', 'sinistri', 'chat', 'report', 'rui', 'clienti', 'nuova-quotazione', 'area-documentale', 'noleggio-auto', 'prestiti'],
    dipendente: ['utenti', 'area-documentale'],
    segnalatore: ['preventivi', 'polizze', 'insolute', 'sinistri', 'chat', 'report', 'area-documentale', 'noleggio-auto', 'prestiti'],
  },
  rcadealer: {
    admin: ['utenti', 'preventivi', 'polizze', 'chat', 'report', 'prodotti', 'impostazioni', 'targhe', 'noleggio-auto'],
    responsabile: ['preventivi', 'polizze', 'chat', 'report', 'prodotti', 'targhe', 'noleggio-auto'],
    agente: ['preventivi', 'polizze', 'chat', 'report', 'nuova-quotazione', 'targhe', 'noleggio-auto'],
    subagente: ['preventivi', 'polizze', 'chat', 'report', 'nuova-quotazione', 'targhe', 'noleggio-auto'],
    dipendente: ['utenti'],
    segnalatore: ['preventivi', 'polizze', 'chat', 'report', 'targhe', 'noleggio-auto'],
  },
};

const ROLE_LABELS = {
  assicurapp: { admin: 'Amministratore', responsabile: 'Responsabile', agente: 'Agente', subagente: 'Subagente', dipendente: 'Dipendente', segnalatore: 'Segnalatore' },
  rcadealer: { admin: 'Amministratore', responsabile: 'Responsabile', agente: 'Car Dealer', subagente: 'Venditore', dipendente: 'Dipendente', segnalatore: 'Segnalatore' },
};

const live = liveSuite();

// the tests only read, each in a context of its own: side by side
describe('menu per role and tenant (SPEC §6)', { concurrency: 3 }, () => {
  for (const tenant of Object.keys(MENUS)) {
    for (const [who, keys] of Object.entries(MENUS[tenant])) {
      test(`${tenant}: ${who}`, async () => {
        const { context, page } = await openPage(live.browser);
        try {
          await login(page, live.server, tenant, `${who}@demo.it`);
          const menu = await menuLabels(page);
          assert.deepEqual(menu, keys.map((key) => ({ key, label: ALL[key] })));
          assert.equal(await page.getByTestId('role-label').textContent(), ROLE_LABELS[tenant][who]);
          // the server's own menu for the same user agrees
          const serverMenu = await page.evaluate(async () => (await (await fetch('/api/auth/me')).json()).menu.map((e) => e.key));
          assert.deepEqual(serverMenu, keys);
          assert.deepEqual(page.errors, []);
        } finally {
          await context.close();
        }
      });
    }
  }
});

describe('access without login (SPEC §2)', () => {
  test('a private path redirects to /login; a public one is reached', async () => {
    const { context, page } = await openPage(live.browser);
    try {
      await page.goto(live.server.url('assicurapp', '/preventivi/42'));
      await page.getByRole('button', { name: 'Accedi' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/login');
      await expectAccessible(page, '/login after a private path');
      await page.goto(live.server.url('assicurapp', '/privacy'));
      await page.getByTestId('privacy-text').waitFor();
      await expectAccessible(page, '/privacy (the notice, no login)');
      assert.equal(new URL(page.url()).pathname, '/privacy');
      assert.equal(await page.getByTestId('side-menu').count(), 0);
      await page.goto(live.server.url('assicurapp', '/resetPwd'));
      await page.getByRole('button', { name: 'Invia il link' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/resetPwd');
      await expectAccessible(page, '/resetPwd');
      // the tenant's template class on the body; dark mode from the theme cookie
      assert.ok(await page.evaluate(() => document.body.classList.contains('standard')));
      assert.equal(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme), 'light');
      await context.addCookies([{ name: 'theme', value: 'dark', url: live.server.url('assicurapp') }]);
      await page.reload();
      await page.getByRole('button', { name: 'Invia il link' }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme), 'dark');
      await expectAccessible(page, '/resetPwd (dark)');
    } finally {
      await context.close();
    }
  });

  test('after login the private path asked for opens, an unknown one is a 404, logout asks first', async () => {
    const { context, page } = await openPage(live.browser);
    try {
      await page.goto(live.server.url('rcadealer', '/polizze'));
      await page.getByLabel('Email').fill('admin@demo.it');
      await page.getByLabel('Password', { exact: true }).fill('demo1234');
      await page.getByRole('button', { name: 'Accedi' }).click();
      await page.getByTestId('policies-page').waitFor();
      assert.equal(new URL(page.url()).pathname, '/polizze');
      assert.equal(await page.getByTestId('page-title').textContent(), 'Polizze');
      await expectAccessible(page, 'rcadealer /polizze');
      await page.goto(live.server.url('rcadealer', '/nessuna-pagina'));
      await page.getByTestId('not-found').waitFor();
      await expectAccessible(page, 'rcadealer not found');
      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout').click();
      await page.getByText('Vuoi davvero effettuare il logout').waitFor();
      await expectAccessible(page, 'rcadealer logout dialog');
      const reloaded = page.waitForEvent('load'); // logout reloads the page 100 ms later (SPEC §4)
      await page.getByTestId('logout-confirm').click();
      await reloaded;
      await page.getByRole('button', { name: 'Accedi' }).waitFor();
      assert.equal(await page.evaluate(() => document.cookie), '');
      await page.goto(live.server.url('rcadealer', '/polizze'));
      await page.getByRole('button', { name: 'Accedi' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('product modules (federated remotes)', () => {
  test('the rental module loads from its remote, renders, and shares one React', async () => {
    const { context, page } = await openPage(live.browser);
    const pluginRequests = [];
    page.on('request', (request) => {
      if (request.url().includes('/plugins/')) pluginRequests.push(new URL(request.url()).pathname);
    });
    try {
      await login(page, live.server, 'assicurapp', 'agente@demo.it');
      await page.locator('[data-menu-key="noleggio-auto"]').click();
      const table = page.getByTestId('rental-quotes');
      await table.waitFor();
      await table.getByRole('columnheader', { name: 'Canone' }).waitFor();
      await table.getByTestId('rental-row').first().waitFor();
      assert.ok(pluginRequests.includes('/plugins/noleggio_auto/remoteEntry.js'));
      // the remote never fetched its own copy of a shared package, whole or tree-shaken
      assert.deepEqual(pluginRequests.filter((p) => /prebuild__|tree_shaking__/.test(p)), []);
      const shares = await page.evaluate(() => {
        const out = {};
        for (const [instance, scopes] of Object.entries(globalThis.__FEDERATION__.__SHARE__)) {
          for (const name of ['react', 'react-dom', 'react-router', 'i18next', 'react-i18next', '@mantine/core']) {
            const versions = scopes.default?.[name] ?? {};
            out[`${instance} ${name}`] = Object.values(versions).map((v) => v.from);
          }
        }
        return out;
      });
      for (const [key, providers] of Object.entries(shares)) assert.deepEqual(providers, ['sportello'], key);
      assert.ok(Object.keys(shares).some((k) => k.startsWith('noleggio_auto ')));
      assert.deepEqual(page.errors, []);
    } finally {
      await context.close();
    }
  });

  test('a broken remote stays behind its error boundary and the shell keeps working', async () => {
    const { context, page } = await openPage(live.browser);
    await context.route('**/plugins/noleggio_auto/remoteEntry.js', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: 'export const init = ; syntax error' }),
    );
    try {
      await signIn(context, live.server, 'assicurapp', 'admin@demo.it');
      await page.goto(live.server.url('assicurapp', '/noleggio-auto'));
      await page.getByTestId('module-error').waitFor();
      await expectAccessible(page, 'module error');
      assert.equal(await page.locator('[data-menu-key]').count(), MENUS.assicurapp.admin.length);
      await page.locator('[data-menu-key="polizze"]').click();
      await page.getByTestId('policies-page').waitFor();
      assert.equal(await page.getByTestId('page-title').textContent(), 'Polizze');
    } finally {
      await context.close();
    }
  });

  test('an admin switching a product off changes open menus and routes live', async () => {
    const { context, page } = await openPage(live.browser);
    try {
      await login(page, live.server, 'assicurapp', 'agente@demo.it');
      await page.locator('[data-menu-key="prestiti"]').waitFor();
      const { token } = await (await live.server.api('assicurapp', '/api/auth/login', {
        method: 'POST', json: { email: 'admin@demo.it', password: 'demo1234' },
      })).json();
      const toggle = (enabled) =>
        live.server.api('assicurapp', '/api/settings/products/prestiti', { method: 'PUT', json: { enabled }, token });
      await page.goto(live.server.url('assicurapp', '/prestiti'));
      await page.getByTestId('loan-quotes').waitFor();
      assert.equal((await toggle(false)).status, 200);
      await page.locator('[data-menu-key="prestiti"]').waitFor({ state: 'detached' });
      await page.getByTestId('not-found').waitFor();
      assert.equal((await toggle(true)).status, 200);
      await page.locator('[data-menu-key="prestiti"]').waitFor();
      await page.getByTestId('loan-quotes').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('service worker (DESIGN §5)', () => {
  test('the shell registers /sw.js with its build parameter, served as JavaScript', async () => {
    const { context, page } = await openPage(live.browser, { serviceWorkers: 'allow' });
    try {
      await page.goto(live.server.url('assicurapp', '/login'));
      // The shell's own registration (main.tsx), not one made by the test: a second registration
      // with another URL would race the first for the same scope.
      const result = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const script = registration.active?.scriptURL ?? '';
        const response = await fetch(script);
        return { script, status: response.status, type: response.headers.get('content-type') };
      });
      assert.match(result.script, /\/sw\.js\?build=[^&]+$/);
      assert.equal(result.status, 200);
      assert.match(result.type, /javascript/);
    } finally {
      await context.close();
    }
  });
});

describe('bundle budget', () => {
  test(`the shell's initial JavaScript stays within ${INITIAL_JS_BUDGET_KB} KB gzip`, async () => {
    const { context, page } = await openPage(live.browser);
    const scripts = new Set();
    page.on('response', (r) => r.request().resourceType() === 'script' && scripts.add(new URL(r.url()).pathname));
    try {
      await page.goto(live.server.url('assicurapp', '/login'));
      await page.getByRole('button', { name: 'Accedi' }).waitFor();
      await page.waitForLoadState('networkidle');
      let bytes = 0;
      for (const path of scripts) bytes += gzipSync(await live.server.file(path), { level: 9 }).length;
      const kb = bytes / 1024;
      assert.ok(kb <= INITIAL_JS_BUDGET_KB, `${kb.toFixed(1)} KB gzip`);
      // the federation runtime starts with the first product module, not with the shell
      assert.equal(await page.evaluate(() => typeof globalThis.__FEDERATION__), 'undefined');
    } finally {
      await context.close();
    }
  });
});

describe('connection (SPEC §2)', () => {
  test('the banner shows when the server stops and the app recovers when it returns', async () => {
    const { context, page } = await openPage(live.browser);
    try {
      await login(page, live.server, 'rcadealer', 'agente@demo.it');
      await live.server.down();
      const banner = page.getByTestId('connection-banner');
      await banner.getByText('Connessione interrotta').waitFor({ timeout: 30_000 });
      assert.match(await banner.getAttribute('class'), /is-lost/);
      await expectAccessible(page, 'connection lost banner');
      await live.server.up();
      await banner.getByText('Connessione ripristinata').waitFor({ timeout: 30_000 });
      await expectAccessible(page, 'connection restored banner');
      await banner.waitFor({ state: 'detached', timeout: 5000 });
      // logged in again on the new connection: the session still works
      await page.locator('[data-menu-key="polizze"]').click();
      await page.getByTestId('policies-page').waitFor();
      assert.equal(await page.getByTestId('role-label').textContent(), 'Car Dealer');
    } finally {
      await context.close();
    }
  });
});
