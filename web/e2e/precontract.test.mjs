// End-to-end: the customer's paperwork on assicurapp, in the order the quote's link asks it
// (IVASS Reg. 40/2018, artt. 56, 58 and 59; GDPR art. 7). With the office's gate on, the
// customer opens the link, answers the demands-and-needs questionnaire, gives the privacy
// consents, downloads the pre-contract documents (the answers' summary among them) and signs
// them with the code mailed to them (read from the development outbox); the office sees the
// answers and the receipt arrive live on the quote, the consents on the client, and issues.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { addOffer, expectAccessible, liveSuite, openPage, signIn, test } from './harness.mjs';

const live = liveSuite();
const LIVE = { timeout: 10_000 };

async function tokenOf(context) {
  return (await context.cookies()).find((cookie) => cookie.name === 't')?.value;
}

/** The six digits of the newest pre-contract code in the development outbox. */
async function mailedCode(token) {
  const response = await live.server.api('assicurapp', '/api/admin/outbox', { token });
  const mails = (await response.json()).filter((m) => m.purpose === 'precontratto' || /Codice di conferma/.test(m.subject));
  assert.ok(mails.length, 'no code mailed');
  const newest = mails.sort((a, b) => String(b.at).localeCompare(String(a.at)))[0];
  return newest.text.match(/\b(\d{6})\b/)[1];
}

/** The questionnaire the customer's link asks, read through the link's own API. */
async function questionnaireOf(page, link) {
  const api = new URL(link).pathname.replace(/^\/preventivo-email\//, '/api/public/quotes/') + '/needs';
  return page.evaluate(async (url) => (await (await fetch(url)).json()).questionnaire, api);
}

describe('the customer\'s paperwork on the quote link and the emission gate', () => {
  test('the customer answers, consents and signs with the code; the office sees it live and issues', async () => {
    const office = await openPage(live.browser);
    const customer = await openPage(live.browser, { acceptDownloads: true });
    try {
      await signIn(office.context, live.server, 'assicurapp', 'admin@demo.it');
      const token = await tokenOf(office.context);
      const saved = await live.server.api('assicurapp', '/api/settings', { method: 'PUT', json: { consegnaPrecontrattuale: true }, token });
      assert.equal(saved.status, 200, saved.text);

      await office.page.goto(live.server.url('assicurapp', '/preventivi'));
      await office.page.getByTestId('quote-row').filter({ hasText: 'In attesa di quotazione' }).first().click();
      await office.page.getByTestId('quotation').waitFor();
      await office.page.getByTestId('offer-add').click();
      await addOffer(office.page, 'Allianz', '600', 'ANN', 'RC auto');
      const [popup] = await Promise.all([office.page.context().waitForEvent('page'), office.page.getByTestId('quote-link').click()]);
      const link = popup.url() === 'about:blank' ? (await popup.waitForURL(/preventivo-email/), popup.url()) : popup.url();
      await popup.close();
      await office.page.getByTestId('precontract-state').filter({ hasText: 'In attesa di conferma' }).waitFor(LIVE);

      await customer.page.goto(link);
      const step = customer.page.getByTestId('precontract');
      await step.waitFor();
      // 1. demands and needs: signing is refused until they are answered
      await customer.page.getByTestId('needs-step').waitFor();
      await customer.page.getByTestId('precontract-read').check();
      await customer.page.getByTestId('precontract-ask').click();
      assert.match(await customer.page.getByTestId('precontract-error').textContent(), /Rispondi prima alle domande sulle tue richieste ed esigenze/);
      const questionnaire = await questionnaireOf(customer.page, link);
      for (const q of questionnaire.questions.filter((question) => question.type === 'scelta')) {
        await customer.page.getByTestId(`needs-option-${q.id}-${q.options.findIndex((o) => o.coerente)}`).click();
      }
      await customer.page.getByTestId('needs-save').click();
      await customer.page.getByTestId('needs-saved').waitFor();
      await customer.page.getByTestId('precontract-doc-esigenze').waitFor(LIVE);
      await office.page.getByTestId('needs-answered').filter({ hasText: 'dal cliente tramite il link' }).waitFor(LIVE);
      // 2. the privacy consents (the service's, and marketing)
      const consents = customer.page.getByTestId('link-consents');
      await consents.getByTestId('link-consent-servizio').check();
      await consents.getByTestId('link-consent-marketing').check();
      await consents.getByTestId('link-consents-save').click();
      await consents.getByRole('alert').filter({ hasText: 'Consensi registrati, grazie' }).waitFor();
      // 3. the documents, the answers' summary among them, signed with the code
      const [download] = await Promise.all([customer.page.waitForEvent('download'), customer.page.getByTestId('precontract-doc-allegato3').click()]);
      assert.equal(download.suggestedFilename(), 'Allegato 3.pdf');
      await customer.page.getByTestId('precontract-ask').click();
      await customer.page.getByTestId('precontract-code').waitFor();
      await customer.page.getByTestId('precontract-code').fill(await mailedCode(token));
      await customer.page.getByTestId('precontract-sign').click();
      await customer.page.getByTestId('precontract-confirmed').waitFor();
      await expectAccessible(customer.page, 'public quote, documents confirmed');

      // the office's quote page hears the confirmation without reloading
      await office.page.getByTestId('precontract-state').filter({ hasText: 'Ricezione confermata' }).waitFor(LIVE);
      assert.match(await office.page.getByTestId('precontract-receipt').textContent(), /Il cliente ha confermato il/);

      await customer.page.getByTestId('public-request').click();
      await customer.page.getByTestId('public-emission-done').waitFor();
      await office.page.getByTestId('issue-policy').click(LIVE);
      const dialog = office.page.getByTestId('issue-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('issue-number').fill('AZ-E2E-PRE-1');
      await dialog.getByTestId('issue-confirm').click();
      await office.page.waitForURL(/\/polizza\/[^/]+$/);
      assert.deepEqual(office.page.errors, []);
      assert.deepEqual(customer.page.errors, []);
    } finally {
      await live.server.api('assicurapp', '/api/settings', { method: 'PUT', json: { consegnaPrecontrattuale: false }, token: await tokenOf(office.context) });
      await office.context.close();
      await customer.context.close();
    }
  });
});
