// End-to-end: withholding on its legal base (art. 25-bis DPR 600/1973) on assicurapp. An admin
// sets an agent's base to 20 % with a codice fiscale and an IBAN on the user detail; the agent
// reads the withholding in words on their balance and in the month's PDF statement ('Ritenuta
// d'acconto 23 % sul 20 % delle provvigioni', not '23.00%'); the admin's overview of every
// balance lists the agent with it and opens their ledger. A bad IBAN is refused in Italian.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe } from 'node:test';
import { expectAccessible, liveSuite, login, openPage, test } from './harness.mjs';

const repo = resolve(import.meta.dirname, '..', '..');
const python = join(repo, '.venv', 'bin', 'python');
const live = liveSuite();

const LIVE = { timeout: 10_000 };
const WORDS = "Ritenuta d'acconto 23 % sul 20 % delle provvigioni";

/** The text of a downloaded PDF, read with the project's own pypdf. */
async function pdfText(download) {
  const file = join(mkdtempSync(join(tmpdir(), 'sportello-withholding-')), download.suggestedFilename());
  await download.saveAs(file);
  const script = 'import sys, pypdf; print("\\n".join(p.extract_text() for p in pypdf.PdfReader(sys.argv[1]).pages))';
  return execFileSync(python, ['-c', script, file], { encoding: 'utf8' });
}

describe('withholding on its legal base (art. 25-bis DPR 600/1973)', () => {
  test('an admin sets the base to 20 %; the balance and the statement name base and rate', async () => {
    const admin = await openPage(live.browser);
    const agent = await openPage(live.browser);
    try {
      await Promise.all([
        login(admin.page, live.server, 'assicurapp', 'admin@demo.it'),
        login(agent.page, live.server, 'assicurapp', 'agente@demo.it'),
      ]);
      await admin.page.goto(live.server.url('assicurapp', '/utenti'));
      await admin.page.getByTestId('user-row').filter({ hasText: 'agente@demo.it' }).filter({ hasNotText: 'subagente@' }).click();
      const section = admin.page.getByTestId('tax-profile');
      await section.waitFor(LIVE);
      await expectAccessible(admin.page, 'user detail with the tax profile');
      assert.match(await section.getByTestId('tax-description').textContent(), /23 % sul 50 %/);

      // a wrong IBAN is refused with the reason, and nothing changes
      await admin.page.getByTestId('tax-base').selectOption('20');
      await admin.page.getByTestId('tax-code').fill('RSSMRA80A01H501U');
      await admin.page.getByTestId('tax-iban').fill('IT60 X054 2811 1010 0000 0123 457');
      await admin.page.getByTestId('tax-save').click();
      await admin.page.getByText(/IBAN non valido/).first().waitFor(LIVE);
      assert.match(await section.getByTestId('tax-description').textContent(), /sul 50 %/);

      await admin.page.getByTestId('tax-iban').fill('IT60 X054 2811 1010 0000 0123 456');
      await admin.page.getByTestId('tax-save').click();
      await admin.page.getByText('Profilo fiscale aggiornato').waitFor(LIVE);
      await section.getByTestId('tax-description').filter({ hasText: WORDS }).waitFor(LIVE);

      // the agent reads it on their balance, with their profile, and in the month's statement
      await agent.page.goto(live.server.url('assicurapp', '/saldo-collaboratore'));
      await agent.page.getByTestId('balance-withholding').filter({ hasText: WORDS }).waitFor(LIVE);
      const view = agent.page.getByTestId('tax-profile-view');
      await view.getByText('IT60X0542811101000000123456').waitFor(LIVE);
      await expectAccessible(agent.page, 'balance with the tax profile');
      const [download] = await Promise.all([
        agent.page.waitForEvent('download'), agent.page.getByTestId('statement-pdf').click(),
      ]);
      const text = (await pdfText(download)).replace(/\s+/g, ' ');
      assert.ok(text.includes(WORDS), text);
      assert.ok(text.includes('Codice fiscale: RSSMRA80A01H501U'), text);
      assert.ok(!text.includes('23.00%'), text);

      // the admin's overview of every balance lists the agent with the withholding, and opens it
      await admin.page.goto(live.server.url('assicurapp', '/saldo-collaboratore'));
      const row = admin.page.getByTestId('balance-row').filter({ hasText: 'Mario Rossi' });
      await row.filter({ hasText: WORDS }).waitFor(LIVE);
      await expectAccessible(admin.page, 'balances overview');
      await row.getByRole('link', { name: 'Mario Rossi' }).click();
      await admin.page.getByTestId('balance-withholding').filter({ hasText: WORDS }).waitFor(LIVE);
      assert.equal(await admin.page.getByTestId('balance-entry-form').count(), 1);

      // the agent has no overview: their own balance only
      await agent.page.goto(live.server.url('assicurapp', '/saldo-collaboratore'));
      await agent.page.getByTestId('balance-page').waitFor(LIVE);
      assert.equal(await agent.page.getByTestId('balances-overview').count(), 0);
      for (const side of [admin, agent]) assert.deepEqual(side.page.errors, []);
    } finally {
      await Promise.all([admin, agent].map((side) => side.context.close()));
    }
  });
});
