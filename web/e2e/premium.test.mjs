// End-to-end: the premium split on assicurapp. An admin prices a quote on its net premium by
// ramo and sees the taxes and the gross computed as the figures are typed (motor liability with
// the provincial tax and the SSN contribution, then a fire premium); the agent requests
// emission; the admin issues the policy, whose detail shows net, taxes by ramo and gross; the
// agent's /Report shows the commission computed on the net premium, not on the gross.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { expectAccessible, liveSuite, openPage, signIn, test } from './harness.mjs';

const live = liveSuite();

const LIVE = { timeout: 10_000 };
// Intl's it-IT currency uses a narrow no-break space before '€'
const text = async (locator) => (await locator.textContent()).replace(/\s+/g, ' ').trim();

describe('premium and taxes', () => {
  test('net premium, taxes and gross on the offer and the policy; the commission on the net', async () => {
    const admin = await openPage(live.browser);
    const agent = await openPage(live.browser);
    try {
      await Promise.all([
        signIn(admin.context, live.server, 'assicurapp', 'admin@demo.it'),
        signIn(agent.context, live.server, 'assicurapp', 'agente@demo.it'),
      ]);
      await admin.page.goto(live.server.url('assicurapp', '/preventivi'));
      await admin.page.getByTestId('quote-row').filter({ hasText: 'In attesa di quotazione' }).first().click();
      await admin.page.getByTestId('quotation').waitFor();
      const quoteUrl = admin.page.url();

      // the demo offer (motor liability, net, with the customer's province) is priced again;
      // without a province the motor liability taxes cannot be computed
      await admin.page.getByRole('button', { name: "Modifica l'offerta di Allianz" }).click();
      const form = admin.page.getByTestId('offer-form');
      await form.waitFor();
      await form.getByTestId('offer-ramo').selectOption('rca');
      await form.getByTestId('offer-province').selectOption('');
      await form.getByTestId('offer-premium').fill('500');
      await form.getByTestId('offer-frequency').selectOption('ANN');
      await form.getByTestId('offer-split-problem').filter({ hasText: 'Indica la provincia' }).waitFor();
      assert.equal(await form.getByTestId('offer-save').isDisabled(), true);
      await form.getByTestId('offer-province').selectOption('MI');
      // 500.00 × 16% (Milano) = 80.00; × 10.5% (SSN) = 52.50; taxes 132.50; gross 632.50
      assert.equal(await form.getByTestId('offer-split-tax').count(), 2);
      assert.equal(await text(form.getByTestId('offer-split-taxes')), '132,50 €');
      assert.equal(await text(form.getByTestId('offer-split-gross')), '632,50 €');
      await expectAccessible(admin.page, 'offer form with the premium split');

      // a fire premium instead: 1,000.00 × 22.25% = 222.50; gross 1,222.50
      await form.getByTestId('offer-ramo').selectOption('incendio');
      await form.getByTestId('offer-premium').fill('1000');
      await form.getByTestId('offer-note').click(); // leave the amount, as a person would
      assert.equal(await text(form.getByTestId('offer-split-taxes')), '222,50 €');
      assert.equal(await text(form.getByTestId('offer-split-gross')), '1.222,50 €');
      await form.getByTestId('offer-save').click();
      await form.waitFor({ state: 'detached' });
      const row = admin.page.getByTestId('offer-row').filter({ hasText: 'Allianz' });
      assert.equal(await text(row.getByTestId('offer-net')), '1.000,00 €');
      assert.equal(await text(row.getByTestId('offer-taxes')), '222,50 €');
      assert.equal(await text(row.getByTestId('offer-gross')), '1.222,50 €');

      // the agent sees the offer live, picks it and requests emission
      await agent.page.goto(quoteUrl);
      await agent.page.getByTestId('offer-gross').filter({ hasText: '1.222,50' }).waitFor(LIVE);
      await agent.page.getByRole('radio', { name: "Scegli l'offerta di Allianz" }).check();
      await agent.page.getByTestId('emission-toggle').click();
      await admin.page.getByTestId('emission-state').filter({ hasText: 'Emissione richiesta' }).waitFor(LIVE);

      // the admin issues the policy (yearly, in 2030, so the report's range holds it alone)
      await admin.page.getByTestId('issue-policy').click();
      const dialog = admin.page.getByTestId('issue-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('issue-number').fill('AZ-NET-2030');
      await dialog.getByTestId('issue-start').fill('2030-01-10');
      await dialog.getByTestId('issue-end').fill('2031-01-10');
      await dialog.getByTestId('issue-end').press('Tab'); // leaving the field closes its calendar
      await dialog.getByTestId('issue-frequency').selectOption('ANN');
      await dialog.getByTestId('issue-confirm').click();
      await admin.page.waitForURL(/\/polizza\/[^/]+$/);
      const split = admin.page.getByTestId('policy-split-table');
      await split.waitFor();
      assert.equal(await text(admin.page.getByTestId('policy-split-table-net')), '1.000,00 €');
      assert.equal(await text(admin.page.getByTestId('policy-split-table-taxes')), '222,50 €');
      assert.equal(await text(admin.page.getByTestId('policy-split-table-gross')), '1.222,50 €');
      assert.match(await text(split.getByTestId('policy-split-table-tax')), /Incendio.*22,25 %.*1\.000,00 €.*222,50 €/);
      assert.match(await text(admin.page.getByTestId('policy-ramo')), /Incendio/);
      await expectAccessible(admin.page, 'policy detail with the premium split');

      // the agent's report for 2030: Allianz pays 8% on the net premium, 1,000.00 × 8% = 80.00
      // (on the gross it would be 97.80); the agent earns 10% of it: 8.00 (not 9.78)
      await agent.page.goto(live.server.url('assicurapp', '/Report?from=2030-01-01&to=2030-12-31'));
      await agent.page.getByTestId('report-gross').filter({ hasText: '8,00' }).waitFor(LIVE);
      assert.match(await text(agent.page.getByTestId('report-gross')), /8,00 €/);
      assert.doesNotMatch(await text(agent.page.getByTestId('report-gross')), /9,78/);

      // the tax table: an overlapping row is refused in Italian; a new rate is saved and read back
      await admin.page.goto(live.server.url('assicurapp', '/impostazioni?tab=imposte'));
      const taxes = admin.page.getByTestId('taxes-section');
      await taxes.waitFor();
      await expectAccessible(admin.page, 'tax table');
      await taxes.getByTestId('taxes-add-ramo').click(); // Incendio from today, over the row in force
      await taxes.getByTestId('taxes-save').click();
      await admin.page.getByText(/Due aliquote di Incendio valgono insieme/).waitFor(LIVE);
      await admin.page.reload();
      await taxes.waitFor();
      assert.equal(await taxes.getByTestId('taxes-rami-row').count(), 12);
      // a second admin keeps the table open: the new rate reaches it without a reload
      const other = await openPage(live.browser);
      try {
        await signIn(other.context, live.server, 'assicurapp', 'admin@demo.it');
        await other.page.goto(live.server.url('assicurapp', '/impostazioni?tab=imposte'));
        await other.page.getByTestId('taxes-section').waitFor();
        assert.equal(await other.page.getByLabel('Aliquota: Infortuni').inputValue(), '2,50');
        await taxes.getByLabel('Aliquota: Infortuni').fill('3');
        await taxes.getByTestId('taxes-save').click();
        await admin.page.getByText('Impostazioni salvate').waitFor(LIVE);
        await other.page.waitForFunction(
          () => document.querySelector('[aria-label="Aliquota: Infortuni"]')?.value === '3,00',
          null,
          LIVE,
        );
        assert.deepEqual(other.page.errors, []);
      } finally {
        await other.context.close();
      }
      await admin.page.reload();
      await taxes.waitFor();
      assert.equal(await taxes.getByLabel('Aliquota: Infortuni').inputValue(), '3,00');

      assert.deepEqual(admin.page.errors, []);
      assert.deepEqual(agent.page.errors, []);
    } finally {
      await admin.context.close();
      await agent.context.close();
    }
  });
});
