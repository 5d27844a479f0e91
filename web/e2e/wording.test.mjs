// End-to-end: the tenant's wording everywhere (SPEC §1). On rcadealer agents are 'Car Dealer'
// and sub-agents 'Venditore': logged in as each role, every screen the role can open (each menu
// entry, the account, and one detail of each kind) is read as rendered, server-produced text
// included (commission lines, role labels, messages), and no word 'agente', 'agenti',
// 'subagente' or 'subagenti' may show. Nothing is allowed through.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { liveSuite, login, navigate, openPage, settled, test } from './harness.mjs';

const TENANT = 'rcadealer';
const FORBIDDEN = /(?<![\p{L}\p{N}])(sub)?agent[ei](?![\p{L}\p{N}])/iu;
// The one thing let through: e-mail addresses. The demo accounts log in as agente@demo.it and
// subagente@demo.it (every test and the README use them); an address is the user's data, not
// the interface's wording.
const EMAIL = /[^\s@«»]+@[^\s@«»]+\.[a-z]{2,}/giu;
const offending = (text) => text.split('\n').find((line) => FORBIDDEN.test(line.replace(EMAIL, '')));

const live = liveSuite();

async function tokenFor(email) {
  const answer = await live.server.api(TENANT, '/api/auth/login', { method: 'POST', json: { email, password: 'demo1234' } });
  return (await answer.json()).token;
}

async function listed(token, path) {
  const answer = await live.server.api(TENANT, path, { token });
  return answer.status === 200 ? answer.json() : [];
}

/** The screens `who` can open: every menu entry, the account, one detail of each kind. */
async function screensOf(page, who) {
  const token = await tokenFor(`${who}@demo.it`);
  const menu = await page.locator('[data-menu-key]').evaluateAll((links) => links.map((a) => new URL(a.href).pathname));
  const keys = await page.locator('[data-menu-key]').evaluateAll((links) => links.map((a) => a.dataset.menuKey));
  const paths = new Set(['/', '/account', ...menu]);
  const has = (key) => keys.includes(key);
  if (has('preventivi')) {
    const quote = (await listed(token, '/api/preventivi')).find((q) => !q.type);
    if (quote) paths.add(`/preventivi/${quote._id}`);
  }
  if (has('polizze')) {
    const policies = await listed(token, '/api/polizze');
    const policy = policies.find((p) => !p.type && p.rate?.length) ?? policies[0];
    if (policy) paths.add(`/polizza/${policy._id}`);
  }
  if (has('utenti')) {
    paths.add('/Agenti');
    for (const user of await listed(token, '/api/agents')) paths.add(`/utenti/${user._id}`);
  }
  if (has('report')) {
    const report = await (await live.server.api(TENANT, '/api/report?from=2020-01-01&to=2029-12-31', { token })).json();
    for (const earner of report.agents ?? []) {
      // the first earner whose lines this role may read
      const lines = await live.server.api(TENANT, `/api/report/agenti/${earner._id}`, { token });
      if (lines.status === 200) {
        paths.add(`/ProvvigioniAgente/${earner._id}`);
        break;
      }
    }
  }
  if (has('prodotti')) {
    const product = (await listed(token, '/api/products'))[0];
    if (product) paths.add(`/prodotti/${product._id}`);
  }
  if (has('chat')) {
    const room = (await listed(token, '/api/chat'))[0];
    if (room) paths.add(`/chat/${room._id}`);
  }
  return [...paths];
}

/** The page's text as shown, once its screen and data are in (opened from inside the app). */
async function shownText(page, path) {
  await navigate(page, path);
  await settled(page);
  // the text of the page and of any open dialog, with the browser tab's title
  return `${await page.title()}\n${await page.evaluate(() => document.body.innerText)}`;
}

// the roles only read, each in a context of its own: side by side
describe(`${TENANT} never says 'agente' (SPEC §1)`, { concurrency: 3 }, () => {
  for (const who of ['admin', 'responsabile', 'dipendente', 'agente', 'subagente', 'segnalatore']) {
    test(who, async () => {
      const { context, page } = await openPage(live.browser);
      try {
        await login(page, live.server, TENANT, `${who}@demo.it`);
        const screens = await screensOf(page, who);
        assert.ok(screens.length >= 3, String(screens));
        const found = [];
        for (const path of screens) {
          const text = await shownText(page, path);
          assert.equal(await page.getByTestId('not-found').count(), 0, `${who} cannot open ${path}`);
          const line = offending(text);
          if (line) found.push(`${path}: «${line.trim()}»`);
        }
        // the user menu (role label) and the top bar are on every page; open the menu once
        await page.getByTestId('user-menu').click();
        const menuText = await page.evaluate(() => document.body.innerText);
        const menuLine = offending(menuText);
        if (menuLine) found.push(`user menu: «${menuLine.trim()}»`);
        assert.deepEqual(found, []);
        assert.deepEqual(page.errors, []);
      } finally {
        await context.close();
      }
    });
  }
});
