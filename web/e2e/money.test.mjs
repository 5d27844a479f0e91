// End-to-end: the money on assicurapp (SPEC §2, §3, §9). An admin collects an instalment in
// /cassa, then pays the agent out; the agent's /saldo-collaboratore and /Report, open in a
// second browser, move without a reload; the agent downloads the month's PDF statement, which reads back with the ledger's
// closing balance; the report's XLSX holds the screen's figures.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe } from 'node:test';
import { expectAccessible, liveSuite, openPage, signIn, test } from './harness.mjs';

const repo = resolve(import.meta.dirname, '..', '..');
const python = join(repo, '.venv', 'bin', 'python');
const live = liveSuite();

const LIVE = { timeout: 10_000 };
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A Python one-liner over a downloaded file (pypdf and openpyxl are the project's own). */
function readBack(script, file) {
  return execFileSync(python, ['-c', script, file], { encoding: 'utf8' });
}

async function saved(download) {
  const file = join(mkdtempSync(join(tmpdir(), 'sportello-money-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

describe('the money (SPEC §2, §3, §9)', () => {
  test('a collection moves the balance and the report live; statement and export read back', async () => {
    const admin = await openPage(live.browser);
    const agent = await openPage(live.browser);
    const report = await openPage(live.browser);
    try {
      await Promise.all([
        signIn(admin.context, live.server, 'assicurapp', 'admin@demo.it'),
        signIn(agent.context, live.server, 'assicurapp', 'agente@demo.it'),
        signIn(report.context, live.server, 'assicurapp', 'agente@demo.it'),
      ]);
      // the agent's balance this month and the report from today on
      await agent.page.goto(live.server.url('assicurapp', '/saldo-collaboratore'));
      const closing = agent.page.getByTestId('balance-closing');
      await closing.waitFor();
      await expectAccessible(agent.page, 'balance');
      const closingBefore = await closing.textContent();
      const entriesBefore = await agent.page.getByTestId('balance-entry').count();
      await report.page.goto(live.server.url('assicurapp', `/Report?from=${day(-1)}&to=${day(365)}`));
      const collected = report.page.getByTestId('report-collected');
      await collected.waitFor();
      await expectAccessible(report.page, 'report');
      const collectedBefore = await collected.textContent();

      // the admin collects the earliest unpaid instalment from today on
      await admin.page.goto(live.server.url('assicurapp', '/cassa'));
      await admin.page.getByTestId('cash-due').waitFor();
      await expectAccessible(admin.page, 'cash sheet');
      await admin.page.getByLabel('Dal', { exact: true }).fill(day(-1));
      await admin.page.getByLabel('Al', { exact: true }).fill(day(365));
      await admin.page.getByLabel('Al', { exact: true }).press('Tab'); // closes its calendar
      const collect = admin.page.getByTestId('cash-collect').first();
      await collect.waitFor(LIVE);
      const outstandingBefore = await admin.page.getByTestId('cash-outstanding').textContent();
      await collect.click();
      await admin.page.getByText('Rata incassata').waitFor(LIVE);
      await admin.page.waitForFunction(
        (before) => document.querySelector('[data-testid="cash-outstanding"]')?.textContent !== before,
        outstandingBefore, LIVE,
      );

      // live in the agent's browsers, no reload
      await agent.page.waitForFunction(
        (count) => document.querySelectorAll('[data-testid="balance-entry"]').length === count + 1,
        entriesBefore, LIVE,
      );
      assert.notEqual(await closing.textContent(), closingBefore);
      await report.page.waitForFunction(
        (before) => document.querySelector('[data-testid="report-collected"]')?.textContent !== before,
        collectedBefore, LIVE,
      );

      // an admin's payout reaches the agent's balance live too (the saldo stream)
      await admin.page.goto(live.server.url('assicurapp', '/Agenti'));
      await admin.page.getByRole('row', { name: /Mario Rossi/ }).getByRole('link', { name: 'Saldo' }).click();
      const form = admin.page.getByTestId('balance-entry-form');
      await form.waitFor(LIVE);
      const entriesNow = await agent.page.getByTestId('balance-entry').count();
      const closingNow = await closing.textContent();
      await admin.page.getByTestId('entry-amount').fill('12,50');
      await admin.page.getByTestId('entry-reason').fill('Pagamento di prova');
      await form.getByRole('button', { name: 'Registra' }).click();
      await admin.page.getByText('Movimento registrato').waitFor(LIVE);
      await agent.page.waitForFunction(
        (count) => document.querySelectorAll('[data-testid="balance-entry"]').length === count + 1,
        entriesNow, LIVE,
      );
      await agent.page.getByText('Pagamento di prova').waitFor(LIVE);
      assert.notEqual(await closing.textContent(), closingNow);

      // the month's statement reads back with the closing balance the screen shows
      const pdf = await saved(await Promise.all([
        agent.page.waitForEvent('download'), agent.page.getByTestId('statement-pdf').click(),
      ]).then(([download]) => download));
      const text = readBack('import sys, pypdf; print("\\n".join(p.extract_text() for p in pypdf.PdfReader(sys.argv[1]).pages))', pdf);
      assert.match(text, /Estratto conto provvigioni/);
      const shown = (await closing.textContent()).replace(/\s/g, ' ').trim();
      assert.ok(text.replace(/\s/g, ' ').includes(`Saldo finale: ${shown}`), `${shown} not in\n${text}`);

      // the report's XLSX holds the screen's total
      const xlsx = await saved(await Promise.all([
        report.page.waitForEvent('download'), report.page.getByTestId('report-xlsx').click(),
      ]).then(([download]) => download));
      const total = readBack('import sys, openpyxl; rows = list(openpyxl.load_workbook(sys.argv[1])["Provvigioni"].iter_rows(values_only=True)); print(next(r for r in rows if r[0] == "Totale")[3])', xlsx).trim();
      const gross = await report.page.getByTestId('report-gross').textContent();
      const euros = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' }).format(Number(total));
      assert.equal(euros.replace(/\s/g, ' '), gross.replace(/\s/g, ' '));
      for (const side of [admin, agent, report]) assert.deepEqual(side.page.errors, []);
    } finally {
      await Promise.all([admin, agent, report].map((side) => side.context.close()));
    }
  });
});
