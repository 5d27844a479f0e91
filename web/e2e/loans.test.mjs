// End-to-end: the loans module on assicurapp (SPEC §2 'Quote list for loans' and 'Loans practice
// page', §5 consultancy slider, §9 first instalment): an agent asks for a cessione del quinto
// (refused above a fifth of pay, then taken), the admin quotes it and the agent's open page
// follows (a TAEG at the usury threshold refused first), the agent downloads the SECCI, asks
// for emission and works out an early repayment, the commission reaches the report, the
// admin's status change is seen live; the admin's usury table.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe } from 'node:test';
import { expectAccessible, liveSuite, openPage, signIn, test } from './harness.mjs';

const python = resolve(import.meta.dirname, '..', '..', '.venv', 'bin', 'python');
const VALID_CF = 'RSSGLI85M41F205V';
const NEW_STATUS = 'In lavorazione compagnia';
const LIVE = { timeout: 10_000 };
const plain = (text) => (text ?? '').replace(/\s+/g, ' ').trim();

const live = liveSuite();

/** The text of a downloaded PDF (pypdf is the project's own). */
async function pdfText(download) {
  const file = join(mkdtempSync(join(tmpdir(), 'sportello-loans-')), download.suggestedFilename());
  await download.saveAs(file);
  const script = 'import sys, pypdf; print("\\n".join(p.extract_text() for p in pypdf.PdfReader(sys.argv[1]).pages))';
  return { file, text: execFileSync(python, ['-c', script, file], { encoding: 'utf8' }) };
}

describe('loans module', () => {
  test('an agent asks for a cessione (refused above a fifth, then taken), the admin quotes it live, the agent downloads the SECCI and asks for emission, the status change follows; the admin keeps the usury table', async () => {
    const agent = await openPage(live.browser);
    const admin = await openPage(live.browser);
    try {
      await Promise.all([
        signIn(agent.context, live.server, 'assicurapp', 'agente@demo.it'),
        signIn(admin.context, live.server, 'assicurapp', 'admin@demo.it'),
      ]);
      await agent.page.goto(live.server.url('assicurapp', '/prestiti'));
      await agent.page.getByTestId('loan-row').first().waitFor();
      await expectAccessible(agent.page, 'loans list (agent)');
      await agent.page.getByTestId('loan-new').click();

      await agent.page.getByTestId('loan-kind').selectOption('cessione_quinto_stipendio');
      await agent.page.getByTestId('loan-amount').fill('20000');
      await agent.page.getByTestId('loan-duration').fill('120');
      await agent.page.getByTestId('loan-net-pay').fill('1500');
      await agent.page.getByTestId('loan-instalment').fill('300,01');
      await agent.page.getByLabel('Nome e cognome').fill('Giulia Rossi');
      await agent.page.getByLabel(/Codice fiscale/).fill(VALID_CF);
      await agent.page.getByTestId('loan-submit').click();
      const problem = agent.page.getByTestId('loan-problem');
      await problem.waitFor();
      assert.match(plain(await problem.textContent()), /La rata di 300,01 € supera il quinto dello stipendio netto mensile di 1\.500,00 €/);
      await expectAccessible(agent.page, 'new loan quote, refused above a fifth');
      await agent.page.getByTestId('loan-instalment').fill('300');
      await agent.page.getByTestId('loan-submit').click();

      await agent.page.getByTestId('loan-practice').waitFor();
      const id = new URL(agent.page.url()).pathname.split('/').pop();
      assert.equal(plain(await agent.page.getByTestId('practice-title').textContent()), 'Preventivo Cessione del quinto dello stipendio');
      // the documents a cessione from a salary needs, all missing yet
      const marks = agent.page.getByTestId('required-document');
      await marks.first().waitFor();
      assert.deepEqual(await marks.evaluateAll((all) => all.map((m) => m.dataset.present)), ['false', 'false', 'false', 'false', 'false']);
      await agent.page.getByText('Certificato di stipendio').waitFor();
      // the instalment asked shows until the lender's offer replaces it
      await agent.page.getByTestId('figure-rata').getByText('300,00').waitFor();
      await agent.page.getByTestId('consultancy-waiting').waitFor();
      assert.ok(await agent.page.getByTestId('emission-toggle').isDisabled());

      // the admin quotes it; the agent's open practice follows
      await admin.page.goto(live.server.url('assicurapp', '/prestiti'));
      await admin.page.locator(`[data-testid="loan-row"][data-id="${id}"]`).click();
      await admin.page.getByTestId('loan-practice').waitFor();
      await admin.page.getByTestId('quotation-edit').click();
      await admin.page.getByTestId('offer-istituto').selectOption('IBL Banca');
      // a TAEG at the usury threshold is refused: a cessione over 15.000 €, demo TEGM 8,66 %,
      // threshold min(8,66 × 1,25 + 4, 8,66 + 8) = 14,825 %; 16.000 € at TAN 14,5 % is
      // within the fifth (about 253 € a month) and above it
      await admin.page.getByTestId('offer-financed').fill('16000');
      await admin.page.getByTestId('offer-tan').fill('14,5');
      await admin.page.getByTestId('quotation-save').click();
      const refusal = admin.page.getByTestId('quotation-refusal');
      await refusal.waitFor();
      assert.match(plain(await refusal.textContent()), /pari o superiore alla soglia d'usura 14,825 %/);
      await admin.page.getByTestId('offer-financed').fill('20000');
      await admin.page.getByTestId('offer-tan').fill('6');
      await expectAccessible(admin.page, 'loan practice, quotation editor open (admin)');
      await admin.page.getByTestId('quotation-save').click();
      await admin.page.getByTestId('figure-rata').getByText('222,04').waitFor(LIVE);
      // 20.000 € at 6 % over 120 months: 222,04 € (the annuity, as test_practice.py works it out)
      await agent.page.getByTestId('figure-rata').getByText('222,04').waitFor(LIVE);
      assert.equal(plain(await agent.page.getByTestId('figure-tan').locator('p').nth(1).textContent()), '6,00 %');
      const taeg = plain(await agent.page.getByTestId('figure-taeg').locator('p').nth(1).textContent());
      assert.match(taeg, /^\d+,\d\d %$/);
      // IBL Banca's consultancy: 1 %..4 % of 222,04 € → 2,22 €..8,88 €, from the midpoint 5,55 €
      assert.equal(plain(await agent.page.getByTestId('consultancy-value').textContent()), '5,55 €');
      assert.equal(plain(await agent.page.getByTestId('first-instalment-value').textContent()), '227,59 €');
      await agent.page.getByTestId('earnings-value').waitFor(LIVE);
      await agent.page.getByTestId('loan-practice').screenshot({ path: '/tmp/loans-practice.png' });
      await expectAccessible(agent.page, 'loan practice, quoted (agent)');

      // the SECCI states the practice's TAEG
      const [download] = await Promise.all([agent.page.waitForEvent('download'), agent.page.getByTestId('secci-link').click()]);
      const { file, text } = await pdfText(download);
      assert.match(file, /\.pdf$/);
      assert.ok(plain(text).includes(taeg.replace(' %', '')), `${taeg} not in the SECCI:\n${text}`);

      // the agent moves the consultancy and asks for emission at it
      await agent.page.getByTestId('consultancy-slider').focus();
      for (let i = 0; i < 5; i += 1) await agent.page.keyboard.press('ArrowRight');
      assert.equal(plain(await agent.page.getByTestId('consultancy-value').textContent()), '5,60 €');
      assert.equal(plain(await agent.page.getByTestId('first-instalment-value').textContent()), '227,64 €');
      await agent.page.getByTestId('emission-toggle').click();
      await agent.page.getByText('Emissione richiesta correttamente').waitFor();
      await agent.page.getByTestId('practice-requested').waitFor();
      assert.ok(await agent.page.getByTestId('consultancy-slider').isDisabled());
      await admin.page.getByTestId('practice-requested').waitFor(LIVE);
      assert.equal(plain(await admin.page.getByTestId('consultancy-value').textContent()), '5,60 €');
      assert.equal(await admin.page.getByTestId('quotation-edit').count(), 0);

      // closing it early: the principal still owed less the unused istruttoria and policy
      await agent.page.getByTestId('early-day').fill('01/01/2030');
      await agent.page.getByTestId('early-compute').click();
      await agent.page.getByTestId('early-result').waitFor();
      assert.match(plain(await agent.page.getByTestId('early-due').textContent()), /^[\d.]+,\d\d €$/);

      // the practice's commission reaches the report, under the tenant's name for the product
      const [answer] = await Promise.all([
        admin.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/report' && r.ok()),
        admin.page.goto(live.server.url('assicurapp', '/Report')),
      ]);
      const products = (await answer.json()).products.map((p) => p.name);
      assert.ok(products.includes('Finanziamenti'), JSON.stringify(products));
      await admin.page.goBack();
      await admin.page.getByTestId('loan-practice').waitFor();

      // the admin moves the practice on; the agent's page follows
      await admin.page.getByTestId('status-changer').selectOption(NEW_STATUS);
      await admin.page.getByText('Stato preventivo aggiornato').waitFor();
      await agent.page.waitForFunction(
        (status) => document.querySelector('[data-testid="loan-practice"] [data-testid="status-badge"]')?.textContent === status,
        NEW_STATUS,
        LIVE,
      );

      // the usury table, from the list
      await admin.page.goto(live.server.url('assicurapp', '/prestiti'));
      await admin.page.getByTestId('usury-link').click();
      await admin.page.getByTestId('tegm-row').first().waitFor();
      await expectAccessible(admin.page, 'usury table (admin)');
      const lines = await admin.page.getByTestId('tegm-row').count();
      await admin.page.getByTestId('tegm-add').click();
      await admin.page.getByTestId('tegm-rate').fill('9,5');
      await admin.page.getByTestId('tegm-from').fill('2020-01-01');
      await admin.page.getByTestId('tegm-to').fill('2020-03-31');
      await admin.page.getByTestId('tegm-save').click();
      // min(9,5 × 1,25 + 4, 9,5 + 8) = 15,875 %, shown as the decrees publish it
      const added = admin.page.getByTestId('tegm-row').filter({ hasText: '01/01/2020' });
      await added.getByText('15,875 %').waitFor(LIVE);
      admin.page.once('dialog', (dialog) => void dialog.accept());
      await added.getByTestId('tegm-delete').click();
      await added.waitFor({ state: 'detached', ...LIVE });
      assert.equal(await admin.page.getByTestId('tegm-row').count(), lines);
      assert.deepEqual([...agent.page.errors, ...admin.page.errors], []);
    } finally {
      await agent.context.close();
      await admin.context.close();
    }
  });
});
