// End-to-end: the demands-and-needs questionnaire on assicurapp (IVASS Reg. 40/2018 art. 58;
// CAP art. 119-ter). The admin edits a questionnaire in settings and sees the new version; the
// customer, on a phone-width page with no login, answers before the pre-contract documents (a
// required question left empty is named, an answer that does not fit the product warns them),
// the documents gain the answers' summary, and the office sees the answers and the mismatch
// arrive live on the quote, with the summary's PDF.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { addOffer, expectAccessible, liveSuite, openPage, signIn, test } from './harness.mjs';

const live = liveSuite();
const LIVE = { timeout: 10_000 };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function tokenOf(context) {
  return (await context.cookies()).find((cookie) => cookie.name === 't')?.value;
}

/** The buttons, radios and inputs inside `selector` smaller than a 44 px touch target. */
const smallTargets = (page, selector) =>
  page.locator(selector).evaluate((root) =>
    [...root.querySelectorAll('button, [role=radio], input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea, select')]
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.height < 44 || box.width < 44))
      .map(({ el, box }) => `${el.tagName} ${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)} ${Math.round(box.width)}x${Math.round(box.height)}`),
  );

/** Whether anything makes the page wider than the window. */
const overflows = (page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('demands and needs', () => {
  test('the admin adds a question to a ramo and saves a new version, then restores the default', async () => {
    const admin = await openPage(live.browser);
    try {
      await signIn(admin.context, live.server, 'assicurapp', 'admin@demo.it');
      await admin.page.goto(live.server.url('assicurapp', '/impostazioni?tab=questionari'));
      await admin.page.getByTestId('needs-kind').selectOption('infortuni');
      await admin.page.getByTestId('needs-version').filter({ hasText: 'Predefinito' }).waitFor();
      const before = await admin.page.getByTestId('needs-question-editor').count();
      await admin.page.getByTestId('needs-add').click();
      const added = admin.page.getByTestId('needs-question-editor').last();
      await added.getByTestId('needs-question-text').fill('Svolge attività sportive a rischio?');
      await added.getByTestId('needs-question-id').fill('sport_rischio');
      await added.getByLabel('Opzione 1', { exact: true }).fill('No');
      await added.getByLabel('Opzione 2', { exact: true }).fill('Sì, e voglio coprirle');
      await admin.page.getByTestId('needs-save-questionnaire').click();
      await admin.page.getByTestId('needs-version').filter({ hasText: /^Versione \d+$/ }).waitFor();
      assert.equal(await admin.page.getByTestId('needs-question-editor').count(), before + 1);
      await expectAccessible(admin.page, 'settings, questionnaires');

      // the server holds it as saved
      const listed = await (await live.server.api('assicurapp', '/api/needs/questionnaires', { token: await tokenOf(admin.context) })).json();
      const infortuni = listed.find((entry) => entry.kind === 'infortuni');
      assert.equal(infortuni.custom, true);
      assert.equal(infortuni.questions.at(-1).id, 'sport_rischio');

      // at phone width: nothing wider than the window, the editor's controls 44 px touch targets
      await admin.page.setViewportSize(PHONE.viewport);
      await admin.page.waitForFunction(() => window.innerWidth === 390);
      assert.equal(await overflows(admin.page), false, 'the questionnaire editor is wider than the phone');
      assert.deepEqual(await smallTargets(admin.page, '[data-testid=settings-needs]'), []);

      await admin.page.getByTestId('needs-restore').click();
      await admin.page.getByTestId('needs-version').filter({ hasText: 'Predefinito' }).waitFor();
      assert.deepEqual(admin.page.errors, []);
    } finally {
      await admin.context.close();
    }
  });

  test('the customer answers before the documents, the office sees the mismatch live', async () => {
    const office = await openPage(live.browser);
    const customer = await openPage(live.browser, PHONE);
    let token;
    try {
      await signIn(office.context, live.server, 'assicurapp', 'admin@demo.it');
      token = await tokenOf(office.context);
      const saved = await live.server.api('assicurapp', '/api/settings', { method: 'PUT', json: { consegnaPrecontrattuale: true }, token });
      assert.equal(saved.status, 200, saved.text);

      await office.page.goto(live.server.url('assicurapp', '/preventivi'));
      await office.page.getByTestId('quote-row').filter({ hasText: 'In attesa di quotazione' }).first().click();
      const card = office.page.getByTestId('needs-card');
      await card.getByTestId('needs-state').filter({ hasText: 'Da compilare' }).waitFor();
      const quoteId = office.page.url().split('/').pop();
      await office.page.getByTestId('offer-add').click();
      await addOffer(office.page, 'Allianz', '600', 'ANN', 'RC auto');
      const [popup] = await Promise.all([office.page.context().waitForEvent('page'), office.page.getByTestId('quote-link').click()]);
      const link = popup.url() === 'about:blank' ? (await popup.waitForURL(/preventivo-email/), popup.url()) : popup.url();
      await popup.close();

      // the questions the quote asks, and for each choice an answer that fits (one that does not, for the first)
      const view = await (await live.server.api('assicurapp', `/api/quotes/${quoteId}/needs`, { token })).json();
      const choices = view.questionnaire.questions.filter((q) => q.type === 'scelta');
      const misfit = choices.find((q) => q.options.some((o) => !o.coerente));
      assert.ok(misfit, 'a choice with an answer that does not fit');

      await customer.page.goto(link);
      const step = customer.page.getByTestId('needs-step');
      await step.waitFor();
      const documents = customer.page.getByTestId('precontract');
      await documents.waitFor();
      assert.ok(await step.evaluate((el, other) => Boolean(el.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING), await documents.elementHandle()));
      assert.equal(await customer.page.getByTestId('precontract-doc-esigenze').count(), 0);

      await customer.page.getByTestId('needs-save').click();
      assert.match(await customer.page.getByTestId('needs-error').textContent(), /^Rispondi (alla domanda obbligatoria|alle \d+ domande obbligatorie)/);
      for (const q of choices) {
        const index = q === misfit ? q.options.findIndex((o) => !o.coerente) : q.options.findIndex((o) => o.coerente);
        await customer.page.getByTestId(`needs-option-${q.id}-${index}`).click();
      }
      assert.equal(await overflows(customer.page), false, 'the customer page is wider than the phone');
      assert.deepEqual(await smallTargets(customer.page, '[data-testid=needs-step]'), []);
      await customer.page.getByTestId('needs-save').click();
      await customer.page.getByTestId('needs-saved').waitFor();
      const warning = customer.page.getByTestId('needs-mismatch');
      assert.match(await warning.textContent(), /parlane con l'intermediario prima di firmare/);
      assert.ok((await warning.textContent()).includes(misfit.text));
      // the pre-contract set is read again: it now carries the answers' summary
      await customer.page.getByTestId('precontract-doc-esigenze').waitFor(LIVE);
      assert.equal(await overflows(customer.page), false, 'the answered page is wider than the phone');
      await expectAccessible(customer.page, 'public quote, needs answered');

      // the office's card hears the answers without reloading
      await card.getByTestId('needs-mismatch').waitFor(LIVE);
      assert.match(await card.getByTestId('needs-mismatch').textContent(), /Prodotto non coerente con le esigenze dichiarate/);
      assert.match(await card.getByTestId('needs-answered').textContent(), /dal cliente tramite il link/);
      await expectAccessible(office.page, 'quote, needs with a mismatch');
      // the summary as the signed-in browser downloads it
      const href = await card.getByTestId('needs-pdf').getAttribute('href');
      const pdf = await office.page.evaluate(async (url) => {
        const response = await fetch(url);
        return { status: response.status, type: response.headers.get('content-type'), head: new TextDecoder().decode((await response.arrayBuffer()).slice(0, 5)) };
      }, href);
      assert.deepEqual(pdf, { status: 200, type: 'application/pdf', head: '%PDF-' });

      // the customer changes the answer to one that fits; the office's warning goes
      await customer.page.getByTestId('needs-edit').click();
      await customer.page.getByTestId(`needs-option-${misfit.id}-${misfit.options.findIndex((o) => o.coerente)}`).click();
      await customer.page.getByTestId('needs-save').click();
      await customer.page.getByTestId('needs-saved').waitFor();
      assert.equal(await customer.page.getByTestId('needs-mismatch').count(), 0);
      await card.getByTestId('needs-state').filter({ hasText: /^Coerente$/ }).waitFor(LIVE);
      assert.equal(await card.getByTestId('needs-mismatch').count(), 0);
      assert.deepEqual(office.page.errors, []);
      assert.deepEqual(customer.page.errors, []);
    } finally {
      if (token) await live.server.api('assicurapp', '/api/settings', { method: 'PUT', json: { consegnaPrecontrattuale: false }, token });
      await office.context.close();
      await customer.context.close();
    }
  });
});
