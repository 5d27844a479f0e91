// End-to-end: one guard rule (SPEC §6). A role typing the address of a page its menu does not
// lead to gets the same 404 page as an unknown path: no empty list, no red error, no download
// button; the employee's home is theirs (users and the document area), with no link to itself;
// detail pages are titled by name in the top bar and the browser tab; a date field shows
// dd/mm/yyyy in an English-speaking browser.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { liveSuite, login, openPage, settled, signIn, test } from './harness.mjs';

const live = liveSuite();

/** The path, as a logged-in user, and what the page shows: the 404 or the screen. */
async function visit(page, tenant, path) {
  await page.goto(live.server.url(tenant, path));
  await page.getByTestId('page').waitFor();
  // the screen's chunk and data in, and whatever a call of it would show (an error, say)
  await settled(page);
  return (await page.getByTestId('not-found').count()) > 0 ? '404' : 'open';
}

// who → [path, expected]: a handful of each kind (the whole matrix is web/src/app/__tests__/routeGates.test.ts)
const CASES = {
  subagente: [['/saldo-collaboratore', '404'], ['/impostazioni', '404'], ['/utenti', '404'], ['/polizze', 'open']],
  dipendente: [['/polizze', '404'], ['/preventivi', '404'], ['/Report', '404'], ['/cassa', '404'], ['/utenti', 'open'], ['/Agenti', 'open']],
  segnalatore: [['/clienti', '404'], ['/cassa', '404'], ['/Agenti', '404'], ['/Report', 'open']],
  responsabile: [['/utenti', '404'], ['/saldo-collaboratore/qualcuno', '404'], ['/prodotti', 'open']],
  agente: [['/Agenti', '404'], ['/cassa', '404'], ['/saldo-collaboratore', 'open']],
};

// the tests only read, each in a context of its own: side by side
describe('one guard rule (SPEC §6)', { concurrency: 3 }, () => {
  for (const [who, cases] of Object.entries(CASES)) {
    test(`assicurapp: ${who}`, async () => {
      const { context, page } = await openPage(live.browser);
      try {
        await signIn(context, live.server, 'assicurapp', `${who}@demo.it`);
        for (const [path, expected] of cases) {
          assert.equal(await visit(page, 'assicurapp', path), expected, `${who} ${path}`);
          if (expected === '404') {
            // the same page and title as an unknown path, nothing of the screen behind it
            assert.equal(await page.getByTestId('page-title').textContent(), 'Pagina non trovata');
            assert.equal(await page.getByTestId('statement-pdf').count(), 0);
            assert.equal(await page.locator('.mantine-Notification-root, [role="alert"]').count(), 0, `${who} ${path}: an error shows`);
          }
        }
        assert.equal(await visit(page, 'assicurapp', '/pagina-che-non-esiste'), '404');
        assert.equal(await page.getByTestId('page-title').textContent(), 'Pagina non trovata');
        assert.deepEqual(page.errors, []);
      } finally {
        await context.close();
      }
    });
  }

  test("the employee's home: users and the document area, no link to itself", async () => {
    const { context, page } = await openPage(live.browser);
    try {
      await login(page, live.server, 'assicurapp', 'dipendente@demo.it');
      await page.getByTestId('employee-home').waitFor();
      await page.getByTestId('home-users').waitFor();
      await page.getByTestId('home-documents').waitFor();
      assert.equal(await page.getByTestId('coming-soon').count(), 0);
      const links = await page.getByTestId('page').locator('a[href]').evaluateAll((as) => as.map((a) => new URL(a.href).pathname));
      assert.ok(links.includes('/utenti') && links.includes('/area-documentale'), String(links));
      assert.ok(!links.includes('/'), `the home links to itself: ${links}`);
      await page.getByTestId('home-users').getByRole('link').click();
      await page.waitForURL(/\/utenti$/);
      // on rcadealer the employee's menu holds the users only: the same home, users alone
      const rcadealer = await openPage(live.browser);
      try {
        await login(rcadealer.page, live.server, 'rcadealer', 'dipendente@demo.it');
        await rcadealer.page.getByTestId('home-users').waitFor();
        assert.equal(await rcadealer.page.getByTestId('home-documents').count(), 0);
      } finally {
        await rcadealer.context.close();
      }
    } finally {
      await context.close();
    }
  });

  test('detail pages are titled by name, in the top bar and the tab', async () => {
    const { context, page } = await openPage(live.browser);
    try {
      const token = await signIn(context, live.server, 'assicurapp', 'admin@demo.it');
      const policy = (await (await live.server.api('assicurapp', '/api/polizze', { token })).json()).find((p) => p.number);
      await page.goto(live.server.url('assicurapp', `/polizza/${policy._id}`));
      await page.getByTestId('policy-detail').waitFor();
      const title = `Polizza ${policy.number}`;
      await page.waitForFunction((t) => document.querySelector('[data-testid="page-title"]')?.textContent === t, title);
      await page.waitForFunction((t) => document.title.startsWith(`${t} · `), title);
      const agents = await (await live.server.api('assicurapp', '/api/agents', { token })).json();
      const agent = agents.find((a) => !a.aId);
      await page.goto(live.server.url('assicurapp', `/utenti/${agent._id}`));
      await page.waitForFunction((t) => document.querySelector('[data-testid="page-title"]')?.textContent === t, agent.name);
      assert.ok(!(await page.title()).includes(agent._id));
    } finally {
      await context.close();
    }
  });
});

describe('dates in the app format (SPEC §9)', () => {
  test('an English-speaking browser still shows and reads dd/mm/yyyy', async () => {
    const { context, page } = await openPage(live.browser, { locale: 'en-US' });
    try {
      assert.equal(await page.evaluate(() => navigator.language), 'en-US');
      await signIn(context, live.server, 'assicurapp', 'agente@demo.it');
      await page.goto(live.server.url('assicurapp', '/prodotti'));
      await page.getByTestId('quote-product').filter({ hasText: 'RC Auto' }).first().click();
      await page.getByTestId('quote-form').waitFor();
      const field = page.getByLabel('Data di nascita');
      assert.equal(await field.evaluate((input) => input.type), 'text');
      assert.equal(await field.getAttribute('placeholder'), 'GG/MM/AAAA');
      await field.fill('05/03/1985');
      await page.getByTestId('quote-form').locator('h2, h3, label').first().click();
      assert.equal(await field.inputValue(), '05/03/1985');
      // the calendar opens on that day, in Italian
      await field.click();
      await page.getByText(/marzo 1985/i).first().waitFor();
      await page.keyboard.press('Escape');
      // a day that does not exist says so
      await field.fill('31/02/1985');
      await page.getByTestId('quote-form').locator('h2, h3, label').first().click();
      await page.getByText('Data non valida: scrivila come GG/MM/AAAA').waitFor();
      assert.deepEqual(page.errors, []);
    } finally {
      await context.close();
    }
  });
});
