// End-to-end: the customer's link and the issuing checks on assicurapp. The customer opens the
// quote's link before it is priced (no request possible), then sees the two offers the office
// entered with their gross premium, frequency and instalments, chooses one and asks for the
// emission; the office, logged in in a second browser context, sees the choice arrive live on
// the quote. Issuing a quote whose documents were refused is refused until the admin gives a
// reason, which the policy then shows; the issued quote reads 'Polizza emessa n. …'.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { addOffer, expectAccessible, liveSuite, openPage, signIn, test } from './harness.mjs';

const live = liveSuite();

const LIVE = { timeout: 10_000 };
const NBSP = '\u00a0';

/** The customer's link of the quote open on `page` (the button opens it in a popup). */
async function customerLink(page) {
  const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('quote-link').click()]);
  const link = popup.url() === 'about:blank' ? (await popup.waitForURL(/preventivo-email/), popup.url()) : popup.url();
  await popup.close();
  return link;
}

describe("the customer's link and issuing checks", () => {
  test('the customer sees two offers, chooses one, and the office sees the choice live', async () => {
    const office = await openPage(live.browser);
    const customer = await openPage(live.browser);
    try {
      await signIn(office.context, live.server, 'assicurapp', 'admin@demo.it');
      await office.page.goto(live.server.url('assicurapp', '/preventivi'));
      await office.page.getByTestId('quote-row').filter({ hasText: 'In attesa di quotazione' }).first().click();
      await office.page.getByTestId('quotation').waitFor();
      const link = await customerLink(office.page);
      assert.match(link, /\/preventivo-email\/[^/]+\/[^/]+$/);

      // still 'In attesa di quotazione': the page says so and offers no request
      await customer.page.goto(link);
      await customer.page.getByTestId('public-waiting').waitFor();
      assert.equal(await customer.page.getByTestId('public-request').count(), 0);
      const page = await customer.page.locator('body').textContent();
      assert.equal(page.includes('Nome e cognome'), false, 'the name is shown once, as the customer');
      assert.equal(await customer.page.getByText('Assicurapp', { exact: true }).count(), 0, 'the brand once, as the logo');
      await expectAccessible(customer.page, 'public quote waiting for prices');

      // the office prices two companies
      await office.page.getByTestId('offer-add').click();
      await addOffer(office.page, 'Generali', '950', 'SEM', 'Cristalli e assistenza stradale');
      await office.page.getByRole('button', { name: "Modifica l'offerta di Allianz" }).click();
      await addOffer(office.page, 'Allianz', '1000,07', 'MEN', 'Furto e incendio inclusi');
      assert.equal(await office.page.getByTestId('offer-row').count(), 2);

      await customer.page.reload();
      const offers = customer.page.getByTestId('public-offer');
      await offers.nth(1).waitFor();
      assert.equal(await offers.count(), 2);
      const allianz = offers.filter({ hasText: 'Allianz' });
      const generali = offers.filter({ hasText: 'Generali' });
      // Allianz: net 1,000.07; Milan's provincial tax 16% = 160.0112 → 160.01, SSN 10.5% =
      // 105.00735 → 105.01; taxes 265.02; gross 1,265.09. Monthly: nets 100,007 cents in 12 =
      // 8,333 r 11 (83.44, then 83.33), taxes 26,502 = 12 × 2,208 r 6 (22.14, then 22.08):
      // 105.58 first, 105.41 after
      assert.equal(await allianz.getByTestId('offer-gross').textContent(), `1.265,09${NBSP}€`);
      assert.equal(await allianz.getByTestId('offer-net').textContent(), `1.000,07${NBSP}€`);
      assert.equal(await allianz.getByTestId('offer-instalments').textContent(), `Mensile · 12 rate: la prima 105,58${NBSP}€, le altre 105,41${NBSP}€`);
      // Generali: net 950.00; 16% = 152.00 and 10.5% = 99.75; taxes 251.75; gross 1,201.75;
      // half-yearly: nets 475.00 + 475.00, taxes 125.88 + 125.87 → 600.88, then 600.87
      assert.equal(await generali.getByTestId('offer-gross').textContent(), `1.201,75${NBSP}€`);
      assert.equal(await generali.getByTestId('offer-net').textContent(), `950,00${NBSP}€`);
      const taxes = generali.getByTestId('offer-tax');
      assert.equal(await taxes.count(), 2);
      assert.match(await taxes.nth(0).textContent(), /Imposta provinciale RC auto \(MI\).*16.*152,00/);
      assert.match(await taxes.nth(1).textContent(), /Contributo SSN.*10,5.*99,75/);
      assert.equal(await generali.getByTestId('offer-instalments').textContent(), `Semestrale · 2 rate: la prima 600,88${NBSP}€, le altre 600,87${NBSP}€`);
      assert.equal(await generali.getByTestId('offer-note').textContent(), 'Cristalli e assistenza stradale');
      // no request until an offer is chosen
      assert.equal(await customer.page.getByTestId('public-request').isDisabled(), true);
      await customer.page.getByTestId('public-pick-hint').waitFor();
      await expectAccessible(customer.page, 'public quote with two offers');

      await customer.page.getByRole('radio', { name: "Scegli l'offerta di Generali" }).check();
      assert.equal(await customer.page.getByTestId('public-request').textContent(), 'Richiedi emissione con Generali');
      await customer.page.getByTestId('public-request').click();
      await customer.page.getByTestId('public-emission-done').filter({ hasText: "con l'offerta di Generali" }).waitFor();
      await generali.getByTestId('offer-chosen').waitFor();
      await expectAccessible(customer.page, 'public quote, emission requested');

      // the office sees the customer's choice without reloading
      await office.page.getByTestId('emission-choice').filter({ hasText: 'Generali' }).waitFor(LIVE);
      await office.page.getByTestId('emission-by-customer').waitFor();
      assert.match(await office.page.getByTestId('emission-premium').textContent(), /1\.201,75/);
      await expectAccessible(office.page, 'quote detail with the customer choice');

      assert.deepEqual(office.page.errors, []);
      assert.deepEqual(customer.page.errors, []);
    } finally {
      await office.context.close();
      await customer.context.close();
    }
  });

  test('issuing with refused documents is refused, then done with a reason the policy shows', async () => {
    const admin = await openPage(live.browser);
    try {
      await signIn(admin.context, live.server, 'assicurapp', 'admin@demo.it');
      await admin.page.goto(live.server.url('assicurapp', '/preventivi'));
      // the demo quote whose emission was requested (the REQUESTED tab)
      await admin.page.getByRole('tab', { name: /richiest/i }).click();
      await admin.page.getByTestId('quote-row').first().click();
      await admin.page.getByTestId('quote-detail').waitFor();
      await admin.page.getByTestId('docs-refuse').click();
      await admin.page.getByTestId('docs-refused').waitFor(LIVE);

      await admin.page.getByTestId('issue-policy').click();
      const dialog = admin.page.getByTestId('issue-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('issue-number').fill('AZ-E2E-DOC-1');
      const refusal = dialog.getByTestId('issue-documents');
      await refusal.filter({ hasText: 'I documenti del preventivo sono stati rifiutati' }).waitFor();
      assert.equal(await dialog.getByTestId('issue-confirm').isDisabled(), true);
      await expectAccessible(admin.page, 'issue dialog, documents refused');

      await dialog.getByTestId('issue-override-reason').fill('Troppo corto');
      await dialog.getByTestId('issue-override-reason').fill('Documenti verificati in originale allo sportello');
      assert.equal(await dialog.getByTestId('issue-confirm').textContent(), 'Emetti comunque');
      await dialog.getByTestId('issue-confirm').click();
      await admin.page.waitForURL(/\/polizza\/[^/]+$/);
      const note = admin.page.getByTestId('policy-override');
      await note.waitFor();
      assert.match(await note.textContent(), /Emessa con documenti rifiutati/);
      assert.equal(await admin.page.getByTestId('policy-override-reason').textContent(), 'Documenti verificati in originale allo sportello');
      await expectAccessible(admin.page, 'policy detail with an override');

      // the quote now reads as issued
      await admin.page.getByTestId('policy-quote').click();
      await admin.page.getByTestId('quote-detail').getByTestId('status-badge').filter({ hasText: 'Polizza emessa n. AZ-E2E-DOC-1' }).waitFor();
      assert.deepEqual(admin.page.errors, []);
    } finally {
      await admin.context.close();
    }
  });
});
