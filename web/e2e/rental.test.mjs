// End-to-end: the car-rental module on assicurapp (SPEC §2 'Quote list for car rental' and
// 'Rental practice page'): a quote created from the catalogue, quoted by an admin and sent
// for emission by its agent, each browser following the other live; the catalogue editor.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { expectAccessible, liveSuite, openPage, signIn, test } from './harness.mjs';

const VALID_CF = 'RSSGLI85M41F205V';
const NEW_STATUS = 'In lavorazione compagnia';
const euro = (text) => text.replace(/\u00a0/g, ' ').trim();

const live = liveSuite();

describe('car rental module', () => {
  test('an agent creates a quote (a wrong then a right Codice Fiscale), the admin sees the chip rise and quotes it, the agent asks for emission, the admin changes the status, the customer opens the link', async () => {
    const agent = await openPage(live.browser);
    const admin = await openPage(live.browser);
    const customer = await openPage(live.browser);
    try {
      await signIn(admin.context, live.server, 'assicurapp', 'admin@demo.it');
      await admin.page.goto(live.server.url('assicurapp', '/noleggio-auto'));
      await admin.page.getByTestId('rental-row').first().waitFor();
      const chip = admin.page.getByTestId('chip-noleggio-auto');
      const alertsBefore = Number(await chip.textContent());

      await signIn(agent.context, live.server, 'assicurapp', 'agente@demo.it');
      await agent.page.goto(live.server.url('assicurapp', '/noleggio-auto'));
      await agent.page.getByTestId('rental-row').first().waitFor();
      await expectAccessible(agent.page, 'rental list (agent)');
      await agent.page.getByTestId('rental-new').click();

      await agent.page.getByTestId('car-option').filter({ hasText: 'Golf' }).click();
      await agent.page.getByTestId('terms-durata').selectOption('48');
      assert.equal(await agent.page.getByTestId('summary-canone').textContent(), 'Da quotare');
      await agent.page.getByLabel('Nome e cognome').fill('Giulia Rossi');
      // the server's per-field message shows under the field
      await agent.page.getByLabel('Codice fiscale / Partita IVA').fill('RSSGLI85M41F205X');
      await agent.page.getByTestId('rental-submit').click();
      await agent.page.getByTestId('rental-customer').getByText('Codice fiscale errato').waitFor();
      await expectAccessible(agent.page, 'new rental quote, a car chosen, an error shown');
      await agent.page.getByLabel('Codice fiscale / Partita IVA').fill(VALID_CF);
      await agent.page.getByTestId('rental-submit').click();

      await agent.page.getByTestId('rental-practice').waitFor();
      const id = new URL(agent.page.url()).pathname.split('/').pop();
      assert.equal(await agent.page.getByTestId('figure-canone').locator('p').nth(1).textContent(), 'Da quotare');
      assert.ok(await agent.page.getByTestId('emission-toggle').isDisabled());
      await agent.page.getByTestId('earnings-pending').waitFor();
      await expectAccessible(agent.page, 'rental practice to be quoted (agent)');

      // the new quote alerts the admin: the line's chip rises and the row appears, live
      await admin.page.waitForFunction(
        (count) => Number(document.querySelector('[data-testid="chip-noleggio-auto"]')?.textContent) === count,
        alertsBefore + 1,
        { timeout: 10_000 },
      );
      await admin.page.locator(`[data-testid="rental-row"][data-id="${id}"]`).waitFor();
      await admin.page.goto(live.server.url('assicurapp', `/noleggio-auto/${id}`));
      await admin.page.getByTestId('quotation-edit').click();
      await admin.page.getByTestId('offer-canone').waitFor();
      await expectAccessible(admin.page, 'rental practice, quotation editor open (admin)');
      await admin.page.getByTestId('offer-canone').fill('455,9');
      await admin.page.getByTestId('quotation-save').click();
      await admin.page.getByTestId('quotation-table').getByText('455,90').waitFor();

      // the agent's open practice follows: 455.90 € at the Arval midpoint 4 %, agent share 50 %
      await agent.page.getByTestId('figure-canone').getByText('455,90').waitFor();
      assert.equal(await agent.page.getByTestId('consultancy-value').textContent(), '4 %');
      assert.equal(euro(await agent.page.getByTestId('earnings-value').textContent()), '437,76 €');
      await agent.page.getByTestId('consultancy-slider').focus();
      for (let i = 0; i < 5; i += 1) await agent.page.keyboard.press('ArrowRight');
      assert.equal(await agent.page.getByTestId('consultancy-value').textContent(), '4,5 %');
      assert.equal(euro(await agent.page.getByTestId('earnings-value').textContent()), '492,48 €');
      await agent.page.getByTestId('emission-toggle').click();
      await agent.page.getByText('Emissione richiesta correttamente').waitFor();
      await agent.page.getByTestId('practice-requested').waitFor();
      await expectAccessible(agent.page, 'rental practice, emission requested (agent)');
      assert.ok(await agent.page.getByTestId('consultancy-slider').isDisabled());
      assert.equal(await agent.page.getByTestId('emission-toggle').textContent(), 'annulla richiesta emissione');

      // the admin sees the stored consultancy and the platform's earnings, and can no longer quote
      await admin.page.getByTestId('practice-requested').waitFor();
      assert.equal(await admin.page.getByTestId('consultancy-value').textContent(), '4,5 %');
      assert.equal(euro(await admin.page.getByTestId('earnings-value').textContent()), '492,26 €');
      assert.equal(await admin.page.getByTestId('quotation-edit').count(), 0);
      await expectAccessible(admin.page, 'rental practice, emission requested (admin)');

      // the admin moves the practice on; the agent's page follows
      await admin.page.getByTestId('status-changer').selectOption(NEW_STATUS);
      await admin.page.getByText('Stato preventivo aggiornato').waitFor();
      await agent.page.waitForFunction(
        (status) => document.querySelector('[data-testid="rental-practice"] [data-testid="status-badge"]')?.textContent === status,
        NEW_STATUS,
        { timeout: 10_000 },
      );

      // the customer's link opens in a popup; in a browser with no login it shows the quote
      const [popup] = await Promise.all([agent.page.waitForEvent('popup'), agent.page.getByTestId('quote-link').click()]);
      await popup.waitForURL(/preventivo-email/); // it opens blank and goes to the link once made
      const link = popup.url();
      assert.match(link, new RegExp(`/preventivo-email/${id}/`));
      await popup.close();
      await customer.page.goto(link);
      await customer.page.getByText('Volkswagen Golf 1.5 eTSI').waitFor();
      await customer.page.getByText('Giulia Rossi').first().waitFor();
      await customer.page.getByText('455,90').first().waitFor();
      await expectAccessible(customer.page, 'public page of a rental quote');
      assert.deepEqual([...agent.page.errors, ...admin.page.errors, ...customer.page.errors], []);
    } finally {
      await agent.context.close();
      await admin.context.close();
      await customer.context.close();
    }
  });

  test('an agent asks for emission and takes it back', async () => {
    const { context, page } = await openPage(live.browser);
    try {
      await signIn(context, live.server, 'assicurapp', 'agente@demo.it');
      await page.goto(live.server.url('assicurapp', '/noleggio-auto'));
      const row = page.getByTestId('rental-row').filter({ hasText: 'Fiat 500 Hybrid' });
      await row.click();
      await page.getByTestId('rental-practice').waitFor();
      await page.getByTestId('emission-toggle').click();
      await page.getByTestId('practice-requested').waitFor();
      await page.getByTestId('emission-toggle').click();
      await page.getByTestId('practice-requested').waitFor({ state: 'detached' });
      assert.equal(await page.getByTestId('emission-toggle').textContent(), 'RICHIEDI EMISSIONE');
      assert.deepEqual(page.errors, []);
    } finally {
      await context.close();
    }
  });

  test('an admin adds a car to the catalogue and retires it; the agent\'s open form follows live', async () => {
    const admin = await openPage(live.browser);
    const agent = await openPage(live.browser);
    try {
      await signIn(admin.context, live.server, 'assicurapp', 'admin@demo.it');
      await admin.page.goto(live.server.url('assicurapp', '/noleggio-auto'));
      await admin.page.getByTestId('catalogue-link').click();
      await admin.page.getByTestId('car-row').first().waitFor();
      await expectAccessible(admin.page, 'rental catalogue');
      const before = await admin.page.getByTestId('car-row').count();

      await admin.page.getByTestId('car-add').click();
      await admin.page.getByTestId('car-save').click();
      await admin.page.getByText('Inserisci il nome dell’auto').waitFor();
      await expectAccessible(admin.page, 'rental catalogue, new car with an error');
      await admin.page.getByTestId('car-name').fill('Renault Clio E-Tech');
      await admin.page.getByTestId('offer-canone').fill('-279,999');
      await admin.page.getByTestId('car-save').click();
      await admin.page.getByText('Auto salvata').waitFor();
      const row = admin.page.getByTestId('car-row').filter({ hasText: 'Renault Clio E-Tech' });
      await row.waitFor();
      assert.equal(await admin.page.getByTestId('car-row').count(), before + 1);
      assert.match(euro(await row.textContent()), /279,99 €/);

      await signIn(agent.context, live.server, 'assicurapp', 'agente@demo.it');
      await agent.page.goto(live.server.url('assicurapp', '/noleggio-auto/nuovo'));
      await agent.page.getByTestId('car-option').filter({ hasText: 'Renault Clio E-Tech' }).waitFor();

      // retired, the car leaves the agent's open form at once (the line's channel)
      await row.getByTestId('car-toggle').click();
      await row.getByText('Ritirata').waitFor();
      await expectAccessible(admin.page, 'rental catalogue, a car retired');
      await agent.page.getByTestId('car-option').filter({ hasText: 'Renault Clio E-Tech' }).waitFor({ state: 'detached' });
      assert.ok((await agent.page.getByTestId('car-option').count()) > 0);
      assert.deepEqual([...agent.page.errors, ...admin.page.errors], []);
    } finally {
      await agent.context.close();
      await admin.context.close();
    }
  });

  test('an unknown practice is not found', async () => {
    const { context, page } = await openPage(live.browser);
    try {
      await signIn(context, live.server, 'assicurapp', 'agente@demo.it');
      await page.goto(live.server.url('assicurapp', '/noleggio-auto/sconosciuto'));
      await page.getByTestId('practice-not-found').waitFor();
      await expectAccessible(page, 'rental practice not found');
    } finally {
      await context.close();
    }
  });
});
