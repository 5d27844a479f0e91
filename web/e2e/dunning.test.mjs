// End-to-end: an unpaid instalment and the cover (art. 1901 c.c.) on assicurapp, with the
// browser's clock set by the test. The admin takes a demo policy whose instalments are all
// paid, undoes the payment of a later instalment due at least twenty days ago (read from the
// data, not a fixed id), and, with the clock on the fifteenth day after its due date, the policy
// page shows it in cover with the hours left; after 24:00 of that day, suspended, and the
// overdue list shows it suspended and sends a reminder; the instalment is paid through the
// page, and with the clock on the next day the policy is in cover again. Screenshots go to
// /tmp/dunning-shots/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe } from 'node:test';
import { liveSuite, openPage, settled, signIn, test } from './harness.mjs';

const live = liveSuite();
const SHOTS = '/tmp/dunning-shots';
const TENANT = 'assicurapp';

/** An ISO day moved by `days`. */
const addDays = (day, days) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
/** 10:00 UTC of `day`: 11:00 or 12:00 in Rome, well inside the day whatever the offset. */
const morning = (day) => new Date(`${day}T10:00:00Z`);
const italian = (day) => day.split('-').reverse().join('/');

async function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A policy with every instalment paid, and its latest instalment (not the first) due at least
 * twenty days ago: the one whose payment the test undoes. */
async function pickInstalment(token) {
  const answer = await live.server.api(TENANT, '/api/polizze?limit=1000', { token });
  assert.equal(answer.status, 200, answer.text);
  const latest = addDays(romeToday(), -20);
  let best = null;
  for (const policy of await answer.json()) {
    const rates = (policy.rate ?? []).filter((r) => !r.info?.kind && !r.info?.SOSP);
    if (rates.length < 2 || !rates.every((r) => r.paid)) continue;
    for (const rate of rates.slice(1)) {
      if (rate.cassa && rate.cassa <= latest && (!best || rate.cassa > best.due)) best = { policyId: policy._id, n: rate.n, due: rate.cassa };
    }
  }
  assert.ok(best, 'a demo policy with a later instalment paid twenty days ago or more');
  return best;
}

async function coverAt(page, path, instant) {
  await page.clock.setFixedTime(instant);
  await page.goto(live.server.url(TENANT, path));
  await settled(page);
}

describe('dunning', () => {
  test('an unpaid instalment suspends the cover on the sixteenth day and paying it restores it', async () => {
    const { context, page } = await openPage(live.browser);
    try {
      const token = await signIn(context, live.server, TENANT, 'admin@demo.it');
      const { policyId, n, due } = await pickInstalment(token);
      const undo = await live.server.api(TENANT, `/api/polizze/${policyId}/rate/${n}`, {
        method: 'PUT', json: { action: 'annulla' }, token,
      });
      assert.equal(undo.status, 200, undo.text);
      const day15 = addDays(due, 15);
      const day16 = addDays(due, 16);
      const path = `/polizza/${policyId}`;

      // day 15, late morning: still in cover until 24:00, some twelve hours left
      await coverAt(page, path, morning(day15));
      const cover = page.getByTestId('policy-cover');
      await cover.waitFor();
      assert.equal(await cover.getAttribute('data-status'), 'in_copertura');
      const before = (await cover.textContent()).trim();
      assert.match(before, /^In copertura: (12|13) ore alla sospensione/);
      assert.ok(before.includes(`24:00 del ${italian(day15)}`), before);
      await shot(page, '01-day-15-in-cover');

      // day 16: 24:00 of day 15 has passed
      await coverAt(page, path, morning(day16));
      await cover.waitFor();
      assert.equal(await cover.getAttribute('data-status'), 'sospesa');
      assert.equal((await cover.textContent()).trim(), `Sospesa dalle 24:00 del ${italian(day15)}`);
      await shot(page, '02-day-16-suspended');

      // the policies list marks it, and the overdue list shows it suspended and reminds
      await coverAt(page, '/polizze', morning(day16));
      const row = page.locator(`[data-testid="policy-row"][data-id="${policyId}"]`);
      if (await row.count()) assert.equal(await row.getByTestId('policy-suspended').count(), 1);
      await coverAt(page, '/polizze/insolute', morning(day16));
      const overdue = page.locator(`[data-testid="overdue-row"][data-policy="${policyId}"][data-n="${n}"]`);
      await overdue.waitFor();
      assert.equal(await overdue.getByTestId('overdue-cover').getAttribute('data-status'), 'sospesa');
      assert.equal((await overdue.getByTestId('overdue-days-left').textContent()).trim(), '—');
      assert.equal((await overdue.getByTestId('overdue-late').textContent()).trim(), '16 giorni'); // at the test's clock
      await overdue.getByTestId('overdue-remind').click();
      await page.getByText(/^Sollecito inviato a /).waitFor();
      await shot(page, '03-overdue-list');

      // paid through the page on day 16: suspended until 24:00 of the pay day
      await coverAt(page, path, morning(day16));
      const unpaid = page.locator('[data-testid="instalment-row"][data-paid="no"]').first();
      await unpaid.getByTestId('instalment-pay').click();
      assert.equal(await page.getByTestId('pay-date').inputValue(), italian(day16)); // today at the test's clock
      await page.getByTestId('pay-confirm').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="policy-cover"]')?.textContent?.includes('riprende'), null, { polling: 100, timeout: 10_000 });
      assert.equal((await cover.textContent()).trim(), `Sospesa dalle 24:00 del ${italian(day15)}, riprende dalle 24:00 del ${italian(day16)}`);

      // the next day: in cover again
      await coverAt(page, path, morning(addDays(due, 17)));
      await cover.waitFor();
      assert.equal(await cover.getAttribute('data-status'), 'in_copertura');
      assert.equal((await cover.textContent()).trim(), 'In copertura');
      await shot(page, '04-paid-in-cover');
      assert.deepEqual(page.errors, []);
    } finally {
      await context.close();
    }
  });
});
