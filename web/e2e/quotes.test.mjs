// End-to-end: the quote list and practice on assicurapp, with a live update reaching a second
// browser context (SPEC §2, §4).
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { expectAccessible, liveSuite, openPage, signIn, test } from './harness.mjs';

const NEW_STATUS = 'In lavorazione compagnia';

const live = liveSuite();

const rowNames = (page) => page.getByTestId('quote-row').locator('.quote-customer').allTextContents();

describe('quotes (SPEC §2, §4)', () => {
  test('admin filters, opens and changes a quote; the agent sees the change live', async () => {
    const admin = await openPage(live.browser);
    const agent = await openPage(live.browser);
    try {
      await signIn(admin.context, live.server, 'assicurapp', 'admin@demo.it');
      await admin.page.goto(live.server.url('assicurapp', '/preventivi'));
      await admin.page.getByTestId('quote-row').first().waitFor();
      const names = await rowNames(admin.page);
      assert.ok(names.includes('Luca Bianchi'), names.join(', '));
      assert.ok(names.includes('Giulia Verdi'), names.join(', '));
      await expectAccessible(admin.page, 'quote list');
      // the requested and archived demo quotes are not on the PREVENTIVI tab
      assert.equal(await admin.page.getByTestId('quote-row').count(), names.length);

      await admin.page.getByTestId('quote-search').fill('giulia');
      await admin.page.waitForURL(/[?&]src=giulia/);
      await admin.page.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid="quote-row"] .quote-customer')].every((e) => e.textContent === 'Giulia Verdi'),
      );
      await expectAccessible(admin.page, 'quote list, searched');
      const filtered = await rowNames(admin.page);
      assert.ok(filtered.length >= 1 && filtered.length < names.length, filtered.join(', '));

      // the search survives a trip away and back
      await admin.page.getByTestId('quote-row').first().click();
      await admin.page.waitForURL(/\/preventivi\/[^/?]+$/);
      const id = new URL(admin.page.url()).pathname.split('/').pop();
      await admin.page.getByTestId('quote-detail').waitFor();
      assert.equal(await admin.page.getByRole('heading', { level: 2 }).first().textContent(), 'Giulia Verdi');
      await expectAccessible(admin.page, 'quote detail (admin)');

      // the agent (owner of the quote) keeps the same practice open
      await signIn(agent.context, live.server, 'assicurapp', 'agente@demo.it');
      await agent.page.goto(live.server.url('assicurapp', `/preventivi/${id}`));
      await agent.page.getByTestId('quote-detail').waitFor();
      const agentBadge = agent.page.getByTestId('quote-detail').getByTestId('status-badge').first();
      assert.notEqual(await agentBadge.textContent(), NEW_STATUS);
      // statuses are selectable only by admin and responsabile: the agent has no changer
      assert.equal(await agent.page.getByTestId('status-changer').count(), 0);
      await expectAccessible(agent.page, 'quote detail (agent)');

      await admin.page.getByTestId('status-changer').selectOption(NEW_STATUS);
      await admin.page.getByText('Stato preventivo aggiornato').waitFor();
      await expectAccessible(admin.page, 'quote detail, status changed (notification shown)');

      await agent.page.waitForFunction(
        (status) => document.querySelector('[data-testid="quote-detail"] [data-testid="status-badge"]')?.textContent === status,
        NEW_STATUS,
        { timeout: 10_000 },
      );

      await admin.page.goBack();
      await admin.page.getByTestId('quote-row').first().waitFor();
      assert.equal(await admin.page.getByTestId('quote-search').inputValue(), 'giulia');
      assert.deepEqual(admin.page.errors, []);
      assert.deepEqual(agent.page.errors, []);
    } finally {
      await admin.context.close();
      await agent.context.close();
    }
  });

  test('an invalid public quote link explains itself without login', async () => {
    const { context, page } = await openPage(live.browser);
    try {
      await page.goto(live.server.url('assicurapp', '/preventivo-email/nope/not-a-code'));
      await page.getByTestId('public-quote-error').waitFor();
      const text = await page.getByTestId('public-quote-error').textContent();
      assert.match(text, /Link non valido|Preventivo non trovato/);
      await expectAccessible(page, 'public quote page, invalid link');
    } finally {
      await context.close();
    }
  });
});
