// End-to-end: the insurance workflow on assicurapp (SPEC §2–§4, §9). An admin quotes two
// companies, the agent picks one and requests emission in a second browser, the admin rectifies
// the premium, the agent confirms, the admin issues the policy with monthly instalments; the
// policy appears live in the agent's list; the customer's purchase link, opened with no login,
// declares a bank transfer that the admin sees live; an instalment marked paid shows at once on
// the agent's screen.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { addOffer, expectAccessible, liveSuite, openPage, signIn, test } from './harness.mjs';

const live = liveSuite();

const LIVE = { timeout: 10_000 };

describe('policies (SPEC §2–§4, §9)', () => {
  test('quotation, choice, rectified premium, emission, purchase link and a paid instalment, live', async () => {
    const admin = await openPage(live.browser);
    const agent = await openPage(live.browser);
    const customer = await openPage(live.browser);
    try {
      await signIn(admin.context, live.server, 'assicurapp', 'admin@demo.it');
      await admin.page.goto(live.server.url('assicurapp', '/preventivi'));
      await admin.page.getByTestId('quote-row').filter({ hasText: 'In attesa di quotazione' }).filter({ hasText: 'Luca Bianchi' }).first().click();
      await admin.page.getByTestId('quotation').waitFor();
      const quoteUrl = admin.page.url();

      // the admin quotes two companies: Generali added, Allianz's demo offer changed
      await admin.page.getByTestId('offer-add').click();
      await addOffer(admin.page, 'Generali', '950', 'MEN', 'Cristalli e assistenza');
      await admin.page.getByRole('button', { name: "Modifica l'offerta di Allianz" }).click();
      await addOffer(admin.page, 'Allianz', '1000,07', 'MEN', 'Furto e incendio inclusi');
      assert.equal(await admin.page.getByTestId('offer-row').count(), 2);
      await expectAccessible(admin.page, 'quote with two offers (admin)');

      // the agent, in a second browser, sees both offers, picks Allianz and requests emission
      await signIn(agent.context, live.server, 'assicurapp', 'agente@demo.it');
      await agent.page.goto(quoteUrl);
      await agent.page.getByTestId('offer-row').nth(1).waitFor();
      await agent.page.getByRole('radio', { name: "Scegli l'offerta di Allianz" }).check();
      await expectAccessible(agent.page, 'quote with two offers (agent)');
      await agent.page.getByTestId('emission-toggle').click();
      await agent.page.getByText('Emissione richiesta correttamente').waitFor();
      await admin.page.getByTestId('emission-state').filter({ hasText: 'Emissione richiesta' }).waitFor(LIVE);

      // the admin rectifies the premium; the agent sees it live and confirms
      await admin.page.getByTestId('premium-input').fill('1012,50');
      await admin.page.getByTestId('premium-rectify').click();
      await agent.page.getByTestId('emission-state').filter({ hasText: 'Premio rettificato' }).waitFor(LIVE);
      assert.match(await agent.page.getByTestId('emission-premium').textContent(), /1\.?012,50/);
      await expectAccessible(agent.page, 'rectified premium (agent)');
      await agent.page.getByTestId('premium-confirm').click();
      await admin.page.getByTestId('emission-state').filter({ hasText: 'Premio confermato' }).waitFor(LIVE);

      // the agent keeps the policies list open while the admin issues the policy
      await agent.page.goto(live.server.url('assicurapp', '/polizze'));
      await agent.page.getByTestId('policy-row').first().waitFor();
      const before = await agent.page.getByTestId('policy-row').count();
      await expectAccessible(agent.page, 'policies list (agent)');

      await admin.page.getByTestId('issue-policy').click();
      const dialog = admin.page.getByTestId('issue-dialog');
      await dialog.waitFor();
      assert.match(await dialog.getByTestId('issue-premium').textContent(), /1\.?012,50/);
      await dialog.getByTestId('issue-number').fill('AZ-E2E-0001');
      await dialog.getByTestId('issue-start').fill('2026-01-31');
      await dialog.getByTestId('issue-end').fill('2027-01-31');
      assert.equal(await dialog.getByTestId('issue-frequency').inputValue(), 'MEN');
      // a start months back is issued only once confirmed
      await dialog.getByTestId('issue-past-start').waitFor();
      assert.equal(await dialog.getByTestId('issue-confirm').isDisabled(), true);
      await dialog.getByTestId('issue-confirm-past').check();
      await expectAccessible(admin.page, 'issue dialog');
      await dialog.getByTestId('issue-confirm').click();
      await admin.page.waitForURL(/\/polizza\/[^/]+$/);
      await admin.page.getByTestId('instalment-row').nth(11).waitFor();
      assert.equal(await admin.page.getByTestId('instalment-row').count(), 12);
      assert.match(await admin.page.getByTestId('policy-premium').textContent(), /1\.?012,50/);
      await expectAccessible(admin.page, 'policy detail (admin)');

      // the new policy arrives in the agent's list without a reload
      await agent.page.getByTestId('policy-row').filter({ hasText: 'AZ-E2E-0001' }).waitFor(LIVE);
      assert.equal(await agent.page.getByTestId('policy-row').count(), before + 1);
      await agent.page.getByTestId('policy-row').filter({ hasText: 'AZ-E2E-0001' }).click();
      await agent.page.getByTestId('instalment-row').first().waitFor();
      assert.equal(await agent.page.getByTestId('instalment-pay').count(), 0); // only admins mark payments
      await expectAccessible(agent.page, 'policy detail (agent)');

      // the customer's purchase link, opened with no login, declares a bank transfer
      await admin.page.getByTestId('policy-links').click();
      const link = await admin.page.getByTestId('link-purchase').getAttribute('href');
      await admin.page.keyboard.press('Escape');
      await customer.page.goto(link);
      await customer.page.getByTestId('public-purchase').waitFor();
      assert.match(await customer.page.getByTestId('due-now').textContent(), /€/);
      await customer.page.getByTestId('method-bonifico').check();
      await customer.page.getByTestId('transfer-details').waitFor();
      await expectAccessible(customer.page, 'policy purchase (customer)');
      await customer.page.getByTestId('purchase-confirm').click();
      await customer.page.getByTestId('purchase-done').waitFor();
      await admin.page.getByTestId('policy-purchase').filter({ hasText: 'bonifico' }).waitFor(LIVE);

      // an instalment marked paid shows at once on the agent's screen
      await admin.page.getByTestId('instalment-pay').first().click();
      await admin.page.getByTestId('pay-confirm').click();
      await agent.page.getByTestId('instalment-row').first().getByTestId('instalment-state').filter({ hasText: 'Pagata' }).waitFor(LIVE);
      await expectAccessible(agent.page, 'policy detail, instalment paid (agent)');

      assert.deepEqual(admin.page.errors, []);
      assert.deepEqual(agent.page.errors, []);
      assert.deepEqual(customer.page.errors, []);
    } finally {
      await admin.context.close();
      await agent.context.close();
      await customer.context.close();
    }
  });
});
