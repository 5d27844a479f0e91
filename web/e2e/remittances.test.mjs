// End-to-end: remittances on assicurapp. The admin opens /rimesse, picks the company and a month
// with collections of the demo portfolio, issues the remittance, uploads the company's statement
// (a CSV built from the rows listed, with one amount changed) and sees that one mismatch listed
// first, with both amounts; marks it resolved with a note; records the payment, which the cash
// sheet then shows. Screenshots go to /tmp/remittances-shots/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe } from 'node:test';
import { expectAccessible, liveSuite, navigate, openPage, settled, signIn, test } from './harness.mjs';

const live = liveSuite();
const SHOTS = '/tmp/remittances-shots';
const LIVE = { timeout: 10_000 };

async function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Picks `label` in the Mantine select `testId`. */
async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await settled(page);
}

/** '1.234,56' as the statement writes it. */
const italian = (value) => value.toFixed(2).replace('.', ',');

describe('remittances', () => {
  test('a company statement with one mismatched line is reconciled and the mismatch listed', async () => {
    const admin = await openPage(live.browser);
    try {
      await signIn(admin.context, live.server, 'assicurapp', 'admin@demo.it');
      await admin.page.goto(live.server.url('assicurapp', '/rimesse'));
      await admin.page.getByTestId('remittances-page').waitFor();
      await choose(admin.page, 'remit-company', 'Allianz');

      // the latest month already over with collections of the demo portfolio
      const months = admin.page.getByTestId('remit-month');
      await months.click();
      const labels = await admin.page.getByRole('option').allTextContents();
      await admin.page.keyboard.press('Escape');
      let month = null;
      for (const label of labels.slice(1, 13)) {
        await choose(admin.page, 'remit-month', label);
        if (await admin.page.getByTestId('remit-row').count()) {
          month = label;
          break;
        }
      }
      assert.ok(month, 'no month with Allianz collections in the demo data');
      const rows = await admin.page.getByTestId('remit-row').evaluateAll((found) =>
        found.map((row) => ({
          number: row.querySelector('[data-testid="remit-row-number"]').textContent.trim(),
          n: Number(row.dataset.n),
          gross: Number(row.dataset.gross),
        })),
      );
      await shot(admin.page, '01-figures-1280');
      await expectAccessible(admin.page, 'remittances, the month figures');

      await admin.page.getByTestId('remit-issue').click();
      const item = admin.page.getByTestId('remit-item').first();
      await item.waitFor(LIVE);
      assert.equal(await item.getByTestId('remit-item-amount').textContent(), await admin.page.getByTestId('remit-amount').textContent());
      await item.getByTestId('remit-reconcile').click();
      await admin.page.getByTestId('remit-reconciliation').waitFor();

      // the company's statement: every row listed, the first one's amount 1,00 € higher
      const [changed] = rows;
      const lines = rows.map((row, index) =>
        [row.number, row.n === 0 ? '' : row.n, italian(row.gross + (index === 0 ? 1 : 0))].join(';'),
      );
      const csv = ['Polizza;Rata;Importo', ...lines].join('\n');
      await admin.page
        .getByTestId('remit-reconciliation')
        .locator('input[type="file"]')
        .setInputFiles({ name: 'estratto-allianz.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await admin.page.getByTestId('remit-line').first().waitFor(LIVE);
      await settled(admin.page);
      assert.equal(await admin.page.getByTestId('remit-differences').textContent(), '1 differenza');
      const first = admin.page.getByTestId('remit-line').first();
      assert.equal(await first.getAttribute('data-result'), 'importo_diverso');
      assert.equal(await first.getByTestId('remit-line-number').textContent(), changed.number);
      const euro = (value) => `${value.toLocaleString('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' })} €`;
      assert.equal((await first.getByTestId('remit-line-ours').textContent()).replace(/\s/g, ' '), euro(changed.gross).replace(/\s/g, ' '));
      assert.equal((await first.getByTestId('remit-line-theirs').textContent()).replace(/\s/g, ' '), euro(changed.gross + 1).replace(/\s/g, ' '));
      assert.equal(await admin.page.locator('[data-testid="remit-line"]:not([data-result="ok"])').count(), 1);
      assert.equal(await admin.page.getByTestId('remit-line').count(), new Set(rows.map((r) => `${r.number}/${r.n || 1}`)).size);
      await item.getByTestId('remit-item-open').filter({ hasText: '1 differenza aperta' }).waitFor(LIVE);
      await shot(admin.page, '02-reconciled-1280');
      await expectAccessible(admin.page, 'remittances, the statement reconciled');

      // a person resolves it with a note; the list follows live
      await first.getByTestId('remit-line-note-input').fill('La compagnia ha addebitato 1 € di diritti');
      await first.getByTestId('remit-line-resolve').click();
      await admin.page.getByTestId('remit-line-note').filter({ hasText: 'La compagnia ha addebitato 1 € di diritti' }).waitFor(LIVE);
      await item.getByTestId('remit-item-open').waitFor({ state: 'detached', ...LIVE });
      assert.equal(await admin.page.getByTestId('remit-open').textContent(), '0 da risolvere');

      // the payment, recorded today, shows in the cash sheet as outgoing
      await item.getByTestId('remit-pay').click();
      await admin.page.getByTestId('remit-pay-save').click();
      await item.getByTestId('remit-item-paid').waitFor(LIVE);
      await shot(admin.page, '03-paid-1280');
      await navigate(admin.page, '/cassa');
      await admin.page.getByTestId('cash-remittances').filter({ hasText: 'Allianz' }).waitFor(LIVE);
      assert.deepEqual(admin.page.errors, []);
    } finally {
      await admin.context.close();
    }
  });
});
