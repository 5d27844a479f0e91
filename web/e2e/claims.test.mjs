// End-to-end: claims on assicurapp. The agent opens a policy and makes its claim link; the
// customer, with no login and on a phone, reports a claim through it with a photo; the office
// sees it arrive live in /sinistri with its report deadline, opens it (the photo among its
// documents), records the company's number and takes it under review; the agent's open claim
// page shows the change without a reload, and the agent's accident form reaches the office live.
// The agent corrects the facts while the claim is open, and may not once the office has it. Screenshots
// of each screen, at 1280 and 390 px, go to /tmp/claims-shots/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe } from 'node:test';
import { expectAccessible, liveSuite, navigate, openPage, settled, signIn, test } from './harness.mjs';

const live = liveSuite();

const LIVE = { timeout: 10_000 };
const SHOTS = '/tmp/claims-shots';
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 800 };

/** Yesterday in Rome, as an ISO day. */
const yesterday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(Date.now() - 86_400_000);

/** The number on the Sinistri chip (0 when it is not shown). */
async function waitingChip(page) {
  await settled(page);
  const chip = page.getByTestId('chip-sinistri');
  return (await chip.count()) ? Number((await chip.textContent()).trim()) : 0;
}

/** Waits until `locator` matches `count` elements. */
async function waitForCount(locator, count, { timeout } = LIVE) {
  const deadline = Date.now() + timeout;
  while ((await locator.count()) !== count) {
    if (Date.now() > deadline) throw new Error(`expected ${count}, found ${await locator.count()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The page at phone width for a screenshot, then back to its own width; nothing in `within`
 * may stick out on the right. */
async function shotAtPhoneWidth(page, name, within = 'html') {
  await page.setViewportSize(PHONE);
  await shot(page, name);
  const overflow = await page.locator(within).first().evaluate((node) => node.scrollWidth - node.clientWidth);
  assert.ok(overflow <= 0, `${name}: ${overflow} px beyond the screen's right edge`);
  await page.setViewportSize(WIDE);
}

describe('claims', () => {
  test('the customer reports through the link, the office takes it up, the agent sees it live', async () => {
    const agent = await openPage(live.browser);
    const admin = await openPage(live.browser);
    const customer = await openPage(live.browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    try {
      // the agent opens a policy and makes its claim link
      await signIn(agent.context, live.server, 'assicurapp', 'agente@demo.it');
      // a policy with no claim yet (the demo data has claims on some)
      await agent.page.goto(live.server.url('assicurapp', '/polizze'));
      for (let index = 0; ; index += 1) {
        await agent.page.getByTestId('policy-row').nth(index).click();
        await agent.page.getByTestId('policy-claims').waitFor();
        await settled(agent.page);
        if (await agent.page.getByTestId('policy-claims-empty').count()) break;
        await navigate(agent.page, '/polizze');
      }
      const customerName = (await agent.page.getByTestId('policy-customer').textContent()).trim();
      const policyNumber = (await agent.page.getByTestId('policy-number').textContent()).trim();
      const policyPath = new URL(agent.page.url()).pathname;
      await agent.page.getByTestId('policy-claims-empty').waitFor();
      await agent.page.getByTestId('claim-link').click();
      const link = await agent.page.getByTestId('claim-link-url').getAttribute('href');
      assert.match(link, /\/sinistro\/[^/?]+\?c=/);
      await shot(agent.page, '01-policy-claim-link-1280');
      await agent.page.keyboard.press('Escape');
      await agent.page.getByRole('dialog').waitFor({ state: 'detached' }); // gone, not fading out
      await expectAccessible(agent.page, 'policy with its claims (agent)');
      await shotAtPhoneWidth(agent.page, '01b-policy-claims-390', '[data-testid="policy-claims"]');

      // the office keeps /sinistri open, with the demo's claims waiting on it
      await signIn(admin.context, live.server, 'assicurapp', 'admin@demo.it');
      await admin.page.goto(live.server.url('assicurapp', '/sinistri'));
      const waiting = await waitingChip(admin.page);

      // the customer, not logged in, on a phone, reports a claim with another party
      await customer.page.goto(link);
      await customer.page.getByTestId('public-claims').waitFor();
      assert.equal((await customer.page.getByTestId('public-claim-customer').textContent()).trim(), customerName);
      await customer.page.getByTestId('claim-event-date').fill(yesterday());
      await customer.page.getByTestId('claim-place').fill('Milano, via Torino 12');
      await customer.page.getByTestId('claim-description').fill('Tamponamento al semaforo: la controparte non si è fermata in tempo.');
      await customer.page.getByTestId('counterparty-add').click();
      await customer.page.getByTestId('counterparty-name').fill('Anna Verdi');
      await customer.page.getByTestId('counterparty-plate').fill('ab123cd');
      await customer.page.getByTestId('counterparty-vehicle').fill('Fiat Panda');
      await customer.page.getByTestId('counterparty-company').fill('Generali');
      await shot(customer.page, '02-public-form-390');
      await expectAccessible(customer.page, 'claim report form (customer)');
      await customer.page.getByTestId('public-claim-send').click();
      await customer.page.getByTestId('public-claim-sent').waitFor();
      await customer.page.getByTestId('public-claim').filter({ hasText: 'Milano, via Torino 12' }).waitFor();
      assert.equal(await customer.page.getByTestId('public-claim').getByTestId('claim-status').first().textContent(), 'Aperto');
      // a photo of the damage, attached to the claim just reported
      const photo = await customer.page.screenshot({ type: 'jpeg', quality: 70, clip: { x: 0, y: 0, width: 320, height: 240 } });
      await customer.page.getByTestId('claim-photos').locator('input[type="file"]').setInputFiles({ name: 'paraurti.jpg', mimeType: 'image/jpeg', buffer: photo });
      await customer.page.getByTestId('claim-photo').first().waitFor();
      assert.equal(await customer.page.getByTestId('claim-photos-count').textContent(), '1 foto allegata');
      assert.ok(await customer.page.getByTestId('claim-photo').first().evaluate((img) => img.complete && img.naturalWidth > 0));
      await shot(customer.page, '03-public-sent-390');
      await expectAccessible(customer.page, 'claim reported (customer)');
      const overflow = await customer.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `the customer's page is ${overflow} px wider than the phone`);

      // the office sees it arrive live, with its report deadline, and the chip counts it
      const row = admin.page.getByTestId('claim-row').filter({ hasText: customerName });
      await row.waitFor(LIVE);
      assert.match(await row.getByTestId('claim-deadline').textContent(), /^Denuncia entro \d{2}\/\d{2}\/\d{4} · (ancora \d+ giorn[oi]|scade oggi)$/);
      assert.equal(await row.getByTestId('claim-status').textContent(), 'Aperto');
      await admin.page.getByTestId('chip-sinistri').filter({ hasText: String(waiting + 1) }).waitFor(LIVE);
      await admin.page.getByTestId('claims-waiting').check();
      await waitForCount(admin.page.getByTestId('claim-row'), waiting + 1);
      await shot(admin.page, '04-list-1280');
      await expectAccessible(admin.page, 'claims list (admin)');
      await shotAtPhoneWidth(admin.page, '05-list-390');

      // the agent opens the claim from the policy's list, where it arrived too
      const policyClaim = agent.page.getByTestId('policy-claim-row').first();
      await policyClaim.waitFor(LIVE);
      await policyClaim.click();
      await agent.page.getByTestId('claim-detail').waitFor();
      assert.equal(await agent.page.getByTestId('claim-office').count(), 0); // the office's form is the office's
      assert.equal(await agent.page.getByTestId('claim-counterparty-value').count(), 1);
      // still open: the agent corrects the place
      await agent.page.getByTestId('facts-edit').click();
      await agent.page.getByTestId('claim-facts-editor').getByTestId('claim-place').fill('Milano, via Torino 14');
      await agent.page.getByTestId('facts-save').click();
      await agent.page.getByTestId('claim-place-value').filter({ hasText: 'Milano, via Torino 14' }).waitFor();
      assert.equal(await agent.page.getByTestId('claim-counterparty-value').count(), 1); // the rest as it was
      await expectAccessible(agent.page, 'claim page (agent)');
      // the customer's photo is among the claim's documents
      await agent.page.getByTestId('document-row').filter({ hasText: 'paraurti.jpg' }).waitFor(LIVE);

      // the office opens it, records the company's number and takes it under review
      await row.click();
      await admin.page.getByTestId('claim-detail').waitFor();
      assert.equal((await admin.page.getByTestId('page-title').textContent()).trim(), `Sinistro di ${customerName}`);
      assert.match(await admin.page.getByTestId('claim-detail').textContent(), new RegExp(policyNumber));
      await admin.page.getByTestId('document-row').filter({ hasText: 'paraurti.jpg' }).waitFor(LIVE);
      assert.equal(await admin.page.getByTestId('claim-place-value').textContent(), 'Milano, via Torino 14');
      const office = admin.page.getByTestId('claim-office');
      assert.deepEqual(
        await office.getByTestId('office-status').locator('option').allTextContents(),
        ['Aperto', 'In istruttoria', 'Liquidato', 'Senza seguito', 'Respinto'],
      );
      await office.getByTestId('office-number').fill('SX-2026-0042');
      await office.getByTestId('office-status').selectOption('in_istruttoria');
      await office.getByTestId('office-reserve').fill('1500');
      await office.getByTestId('office-save').click();
      await admin.page.getByText('Sinistro aggiornato').waitFor();
      await admin.page.getByTestId('claim-history-entry').nth(1).waitFor();
      await shot(admin.page, '06-detail-office-1280');
      await expectAccessible(admin.page, 'claim page (admin)');
      await shotAtPhoneWidth(admin.page, '07-detail-office-390');
      // under review: it may go on to a closing status, not back
      assert.deepEqual(
        await office.getByTestId('office-status').locator('option').allTextContents(),
        ['In istruttoria', 'Liquidato', 'Senza seguito', 'Respinto'],
      );

      // the agent's open page follows without a reload: status, number, reserve, report made
      await agent.page.getByTestId('claim-detail').locator('[data-testid="claim-status"][data-status="in_istruttoria"]').waitFor(LIVE);
      assert.equal(await agent.page.getByTestId('claim-company-number').textContent(), 'SX-2026-0042');
      assert.match(await agent.page.getByTestId('claim-reserve').textContent(), /1\.500,00/);
      assert.match(await agent.page.getByTestId('claim-deadline').textContent(), /^Denunciato il \d{2}\/\d{2}\/\d{4}$/);
      assert.equal(await agent.page.getByTestId('facts-edit').count(), 0); // no longer open: the office corrects the facts
      // the agent attaches the accident report form (CAI); the office sees it live
      const form = await agent.page.screenshot({ type: 'jpeg', quality: 70, clip: { x: 0, y: 0, width: 400, height: 300 } });
      await agent.page.getByTestId('documents-section').locator('input[type="file"]').nth(1).setInputFiles({ name: 'cai.jpg', mimeType: 'image/jpeg', buffer: form });
      await agent.page.getByTestId('document-row').filter({ hasText: 'cai.jpg' }).waitFor(LIVE);
      await admin.page.getByTestId('document-row').filter({ hasText: 'cai.jpg' }).waitFor(LIVE);
      assert.equal(await agent.page.getByRole('button', { name: /Elimina/ }).count(), 0); // the office removes documents
      await shot(agent.page, '08-detail-agent-live-1280');
      await shotAtPhoneWidth(agent.page, '09-detail-agent-390');

      // the chip empties as the claim leaves 'aperto'
      await navigate(admin.page, '/sinistri');
      // the 'waiting' filter is remembered: only the demo's waiting claims are left
      await waitForCount(admin.page.getByTestId('claim-row'), waiting);
      assert.equal(await waitingChip(admin.page), waiting);

      // the office opens a second claim from the policy's page: it opens at once, waiting
      await navigate(admin.page, policyPath);
      await admin.page.getByTestId('policy-claim-row').first().waitFor();
      await admin.page.getByTestId('claim-open').click();
      const opening = admin.page.getByTestId('claim-open-form');
      await opening.getByTestId('claim-event-date').fill(yesterday());
      await opening.getByTestId('claim-description').fill('Furto del retrovisore in sosta.');
      await expectAccessible(admin.page, 'open a claim (admin)');
      await opening.getByTestId('claim-open-send').click();
      await admin.page.waitForURL(/\/sinistri\/[^/]+$/);
      await admin.page.getByTestId('claim-detail').getByText(/Aperto dall'ufficio il/).waitFor();
      await admin.page.getByTestId('chip-sinistri').filter({ hasText: String(waiting + 1) }).waitFor(LIVE);

      assert.deepEqual(agent.page.errors, []);
      assert.deepEqual(admin.page.errors, []);
      assert.deepEqual(customer.page.errors, []);
    } finally {
      await agent.context.close();
      await admin.context.close();
      await customer.context.close();
    }
  });
});
