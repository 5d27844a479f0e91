// Every screen, checked by axe-core against WCAG 2.1 A and AA: no serious or critical violation
// (contrast, names, labels, structure), on two tenants' branding, for the roles that see each
// screen. The customer-facing public pages come first: the European Accessibility Act covers
// consumer financial services.
import { describe } from 'node:test';
import { expectAccessible, liveSuite, login, navigate, openPage, settled, test } from './harness.mjs';

const live = liveSuite();

/** Opens `path` and waits for the screen to settle before axe reads it: typed into the address
 * bar on the public pages, from inside the app once logged in. */
async function show(page, tenant, path, ready) {
  if (await page.getByTestId('side-menu').count()) await navigate(page, path);
  else await page.goto(live.server.url(tenant, path));
  if (ready) await page.getByTestId(ready).first().waitFor();
  await settled(page);
}

// the tests only read, each in a context of its own: a describe runs its tests side by side
describe('public pages (no login)', { concurrency: 3 }, () => {
  for (const tenant of ['assicurapp', 'rcadealer']) {
    test(`${tenant}: login, password reset, registration and quote links`, async () => {
      const { context, page } = await openPage(live.browser);
      try {
        await show(page, tenant, '/login');
        await page.getByLabel('Email').waitFor();
        await expectAccessible(page, `${tenant} /login`);
        await show(page, tenant, '/resetPwd');
        await expectAccessible(page, `${tenant} /resetPwd`);
        await show(page, tenant, '/registrazione/not-a-token');
        await expectAccessible(page, `${tenant} /registrazione (invalid)`);
        await show(page, tenant, '/preventivo-email/nope/not-a-code');
        await expectAccessible(page, `${tenant} public quote (invalid link)`);
      } finally {
        await context.close();
      }
    });
  }

  test("assicurapp: a customer's quote page from a real link", async () => {
    const agent = await openPage(live.browser);
    const customer = await openPage(live.browser);
    try {
      await login(agent.page, live.server, 'assicurapp', 'agente@demo.it');
      await show(agent.page, 'assicurapp', '/preventivi', 'quote-row');
      await agent.page.getByTestId('quote-row').first().click();
      const [popup] = await Promise.all([agent.page.waitForEvent('popup'), agent.page.getByTestId('quote-link').click()]);
      await popup.waitForURL(/preventivo-email/); // it opens blank and goes to the link once made
      const link = popup.url();
      await popup.close();
      await customer.page.goto(link);
      await settled(customer.page);
      await expectAccessible(customer.page, 'public quote page');
    } finally {
      await agent.context.close();
      await customer.context.close();
    }
  });
});

const SCREENS = {
  admin: [
    ['/preventivi', 'quote-row'], ['/polizze', 'policy-row'], ['/chat'], ['/Report'], ['/prodotti'], ['/prodotti/nuovo'],
    ['/cassa'], ['/impostazioni'], ['/clienti'], ['/area-documentale'], ['/utenti'], ['/noleggio-auto', 'rental-row'],
    ['/noleggio-auto/catalogo'], ['/pagina-che-non-esiste'],
  ],
  agente: [
    ['/'], ['/preventivi', 'quote-row'], ['/polizze', 'policy-row'], ['/prodotti'], ['/clienti'], ['/saldo-collaboratore'], ['/noleggio-auto'],
    ['/noleggio-auto/nuovo'], ['/prestiti'],
  ],
  dipendente: [['/utenti'], ['/area-documentale']],
};

describe('screens after login', { concurrency: 3 }, () => {
  for (const tenant of ['assicurapp', 'rcadealer']) {
    for (const [who, screens] of Object.entries(SCREENS)) {
      test(`${tenant}: ${who}`, async () => {
        const { context, page } = await openPage(live.browser);
        try {
          await login(page, live.server, tenant, `${who}@demo.it`);
          await expectAccessible(page, `${tenant} ${who} landing`);
          for (const [path, ready] of screens) {
            if (tenant === 'rcadealer' && path.startsWith('/prestiti')) continue; // not offered there
            await show(page, tenant, path, ready);
            await expectAccessible(page, `${tenant} ${who} ${path}`);
          }
          if (who === 'admin') {
            await show(page, tenant, '/preventivi', 'quote-row');
            await page.getByTestId('quote-row').first().click();
            await page.getByTestId('status-badge').first().waitFor();
            await settled(page);
            await expectAccessible(page, `${tenant} quote detail`);
            await show(page, tenant, '/noleggio-auto', 'rental-row');
            await page.getByTestId('rental-row').first().click();
            await page.getByTestId('rental-practice').waitFor();
            await settled(page);
            await expectAccessible(page, `${tenant} rental practice`);
            await page.getByTestId('user-menu').click();
            await expectAccessible(page, `${tenant} user menu open`);
          }
        } finally {
          await context.close();
        }
      });
    }
  }
});

describe('dark theme', { concurrency: 2 }, () => {
  for (const tenant of ['assicurapp', 'rcadealer']) {
    test(`${tenant}: login, the quote list, a quote, the user menu and the rental list in dark mode`, async () => {
      const { context, page } = await openPage(live.browser);
      try {
        await context.addCookies([{ name: 'theme', value: 'dark', url: live.server.url(tenant, '/') }]);
        await show(page, tenant, '/login');
        await page.getByLabel('Email').waitFor();
        await expectAccessible(page, `${tenant} dark /login`);
        await login(page, live.server, tenant, 'admin@demo.it');
        await show(page, tenant, '/preventivi', 'quote-row');
        await expectAccessible(page, `${tenant} dark /preventivi`);
        await page.getByTestId('quote-row').first().click();
        await page.getByTestId('status-badge').first().waitFor();
        await settled(page);
        await expectAccessible(page, `${tenant} dark quote detail`);
        await page.getByTestId('user-menu').click();
        await expectAccessible(page, `${tenant} dark user menu open`);
        await show(page, tenant, '/noleggio-auto', 'rental-row');
        await expectAccessible(page, `${tenant} dark /noleggio-auto`);
      } finally {
        await context.close();
      }
    });
  }
});
