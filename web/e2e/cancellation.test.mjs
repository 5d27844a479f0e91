// End-to-end: a policy cancelled through the page on assicurapp. The agent picks one of its
// policies with an instalment collected and keeps its /saldo-collaboratore open; the admin opens
// the policy, 'Annulla polizza' from its start day, sees the refund computed before confirming,
// confirms, and sees the refund among the instalments and 'Annullata il …'; the agent's balance
// shows the commission taken back ('Storno provvigione per annullamento …') without a reload.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { expectAccessible, liveSuite, navigate, openPage, settled, signIn, test } from './harness.mjs';

const live = liveSuite();
const LIVE = { timeout: 10_000 };

/** Today in Rome as YYYY-MM-DD. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(Date.now());
/** dd/mm/yyyy → YYYY-MM-DD. */
const iso = (shown) => shown.trim().split('/').reverse().join('-');

describe('cancellation', () => {
  test('the admin cancels a policy: the refund row and the ledger storno', async () => {
    const agent = await openPage(live.browser);
    const admin = await openPage(live.browser);
    try {
      await Promise.all([
        signIn(agent.context, live.server, 'assicurapp', 'agente@demo.it'),
        signIn(admin.context, live.server, 'assicurapp', 'admin@demo.it'),
      ]);
      // one of the agent's policies begun by today with an instalment collected
      await agent.page.goto(live.server.url('assicurapp', '/polizze'));
      let policyPath = '';
      let start = '';
      for (let index = 0; index < 40; index += 1) {
        await agent.page.getByTestId('policy-row').nth(index).click();
        await agent.page.getByTestId('policy-detail').waitFor();
        await settled(agent.page);
        start = (await agent.page.getByTestId('policy-start').textContent()).trim();
        const paid = await agent.page.locator('[data-testid="instalment-row"][data-paid="yes"]').count();
        if (paid > 0 && iso(start) <= today()) {
          policyPath = new URL(agent.page.url()).pathname;
          break;
        }
        await navigate(agent.page, '/polizze');
      }
      assert.ok(policyPath, 'no policy of the agent with a collected instalment');
      // the agent's collaborator can not cancel it
      assert.equal(await agent.page.getByTestId('cancel-open').count(), 0);

      await agent.page.goto(live.server.url('assicurapp', '/saldo-collaboratore'));
      await agent.page.getByTestId('balance-closing').waitFor();
      await settled(agent.page);
      const entriesBefore = await agent.page.getByTestId('balance-entry').count();

      // the admin cancels it from its start day: every net collected comes back, taxes stay
      await admin.page.goto(live.server.url('assicurapp', policyPath));
      await admin.page.getByTestId('policy-changes').waitFor();
      const rowsBefore = await admin.page.getByTestId('instalment-row').count();
      await admin.page.getByTestId('cancel-open').click();
      const form = admin.page.getByTestId('cancel-form');
      await form.waitFor();
      await admin.page.getByTestId('cancel-date').fill(start);
      await admin.page.getByTestId('cancel-date').press('Tab');
      await admin.page.getByTestId('cancel-preview').click();
      const total = (await form.getByTestId('change-total').textContent({ timeout: 10_000 })).trim();
      assert.match(total, /^-/, `the refund ${total} is money back`);
      assert.ok((await form.getByTestId('change-refund-line').count()) > 0);
      await expectAccessible(admin.page, 'cancellation preview');
      await admin.page.getByTestId('cancel-confirm').click();
      await admin.page.getByText('Polizza annullata').waitFor(LIVE);

      // the refund row among the instalments, the badge, the history
      await admin.page.waitForFunction(
        (count) => document.querySelectorAll('[data-testid="instalment-row"]').length === count + 1,
        rowsBefore, LIVE,
      );
      const refund = admin.page.getByTestId('instalment-row').last();
      assert.equal((await refund.getByTestId('receipt-kind').textContent()).trim(), 'Rimborso');
      assert.ok((await refund.textContent()).includes(total), `${total} not in the refund row`);
      assert.equal(await refund.getAttribute('data-paid'), 'yes');
      assert.match(await admin.page.getByTestId('policy-cancelled').textContent(), /^Annullata il \d\d\/\d\d\/\d{4}$/);
      await admin.page.getByTestId('policy-history').getByText(/^Annullamento: Vendita del veicolo/).waitFor(LIVE);
      assert.equal(await admin.page.getByTestId('cancel-open').count(), 0); // once only
      await expectAccessible(admin.page, 'cancelled policy');

      // the agent's balance takes the commission back, live
      await agent.page.waitForFunction(
        (count) => document.querySelectorAll('[data-testid="balance-entry"]').length > count,
        entriesBefore, LIVE,
      );
      const storno = agent.page.getByTestId('balance-entry').filter({ hasText: 'Storno provvigione per annullamento' });
      await storno.first().waitFor(LIVE);
      assert.match(await storno.first().textContent(), /-/);
      for (const side of [agent, admin]) assert.deepEqual(side.page.errors, []);
    } finally {
      await Promise.all([agent, admin].map((side) => side.context.close()));
    }
  });
});
