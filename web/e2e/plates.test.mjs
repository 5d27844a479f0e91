// End-to-end: the plates register of the RCA line on rcadealer (SPEC §2 '/targhe', issue 33).
// A car dealer adds a plate with a wrong then a right format (the rules' Italian message under the
// field), the plate appears live on an admin's open register, the plate's page derives a CU class
// from an ATR table. From that plate the dealer starts an RCA quote with a risk certificate and
// sees its CU class, then a better one inherited from a household car (legge Bersani); an admin
// sees the quote arrive live, quotes it and issues the policy the dealer asked for; the plate
// then shows the policy, its expiry and the 15 days' cover after it, and the quote as issued.
// A CSV of plates with one bad row is refused in the dry run with that row named, importing
// nothing.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { addOffer, expectAccessible, liveSuite, openPage, settled, signIn, test } from './harness.mjs';

const TENANT = 'rcadealer';
const VALID_CF = 'RSSGLI85M41F205V';
const CAR_MESSAGE = "Targa non valida per un'autovettura: il formato è AA000AA (senza I, O, Q, U)";
/** Plate letters (no I, O, Q, U), without X and E so the plate is a car's whatever is drawn. */
const LETTERS = 'ABCDFGHJKLMNPRSTVWYZ';

/** A car plate no demo record has: random letters and digits of the 1994 series. */
function freshPlate() {
  const letter = () => LETTERS[Math.floor(Math.random() * LETTERS.length)];
  const digits = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  return `${letter()}${letter()}${digits}${letter()}${letter()}`;
}

const LIVE = { timeout: 10_000 };

/** The CU class of a certificate, oldest year first, each year's claims with main responsibility
 * (none or one here): a vehicle insured for the first time enters class 14; a clean year moves it
 * one class down, a year with one such claim two up; never past 1 or 18 (IVASS). */
function cuClassByHand(claimsPerYear) {
  let cls = 14;
  for (const claims of claimsPerYear) {
    assert.ok(claims === 0 || claims === 1, 'only clean years and single claims are worked out here');
    cls = claims === 0 ? Math.max(1, cls - 1) : Math.min(18, cls + 2);
  }
  return cls;
}

const ROME_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' });
/** Today in Rome, 'YYYY-MM-DD' (the issue dialog's default start). */
const romeToday = () => ROME_DAY.format(new Date());
/** The ISO day `days` after `day`, on the calendar. */
function addDays(day, days) {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
/** An ISO day as the screens write it: dd/mm/yyyy. */
const italianDay = (day) => day.split('-').reverse().join('/');

const live = liveSuite();

/** The register's row of `plate`, once the search shows it (the list is virtualised). */
async function rowOf(page, plate, timeout = 10_000) {
  await page.getByTestId('plates-search').fill(plate);
  const row = page.locator(`[data-testid="plate-row"][data-plate="${plate}"]`);
  await row.waitFor({ timeout });
  return row;
}

describe('the plates register (rcadealer)', () => {
  /** The plate the first journey added: the quote journey starts from its page. */
  let added = null;

  test('a car dealer adds a plate, a wrong then a right format; an admin sees it appear live; its page derives the CU class', async () => {
    const dealer = await openPage(live.browser);
    const admin = await openPage(live.browser);
    const plate = freshPlate();
    try {
      // the admin's register is open, searching for the plate that does not exist yet
      await signIn(admin.context, live.server, TENANT, 'admin@demo.it');
      await admin.page.goto(live.server.url(TENANT, '/targhe'));
      await admin.page.getByTestId('plates-page').waitFor();
      await admin.page.getByTestId('plates-search').fill(plate);
      await admin.page.getByTestId('plates-empty').getByText('Nessuna targa corrisponde alla ricerca').waitFor();

      await signIn(dealer.context, live.server, TENANT, 'agente@demo.it');
      await dealer.page.goto(live.server.url(TENANT, '/targhe'));
      await dealer.page.getByTestId('plates-page').waitFor();
      await dealer.page.locator('[data-menu-key="targhe"]').waitFor();
      await expectAccessible(dealer.page, 'plates register (car dealer)');

      // a Q is no plate letter: the rules' message shows under the field, and nothing is saved
      await dealer.page.getByTestId('plate-add').click();
      const editor = dealer.page.getByTestId('plate-editor');
      await editor.waitFor();
      await dealer.page.getByTestId('plate-targa').fill(`${plate.slice(0, 5)}Q${plate[6]}`);
      await dealer.page.getByTestId('plate-marca').fill('Fiat');
      await dealer.page.getByTestId('plate-modello').fill('Panda');
      await dealer.page.getByRole('switch', { name: 'Immatricolazione: nuova' }).click({ force: true });
      await dealer.page.getByTestId('plate-nome').fill('Giulia Rossi');
      await dealer.page.getByTestId('plate-cf').fill(VALID_CF);
      // the dealer names no collaborator: the plate is their own
      assert.equal(await dealer.page.getByTestId('plate-collaborator').count(), 0);
      await dealer.page.getByTestId('plate-save').click();
      await editor.getByText(CAR_MESSAGE).waitFor();
      await expectAccessible(dealer.page, 'new plate with a wrong format');

      // written as people write it, in lower case with spaces: saved normalised
      await dealer.page.getByTestId('plate-targa').fill(`${plate.slice(0, 2)} ${plate.slice(2, 5)} ${plate.slice(5)}`.toLowerCase());
      assert.equal(await editor.getByText(CAR_MESSAGE).count(), 0);
      await dealer.page.getByTestId('plate-save').click();
      await editor.waitFor({ state: 'detached' });
      await dealer.page.getByText(`Targa ${plate} salvata`).waitFor();

      const row = await rowOf(dealer.page, plate);
      for (const text of ['Autovettura', 'Giulia Rossi', VALID_CF, 'Fiat Panda', 'Nuova']) await row.getByText(text, { exact: true }).waitFor();

      // the admin's open register follows the stream: the plate appears with no reload
      const seen = admin.page.locator(`[data-testid="plate-row"][data-plate="${plate}"]`);
      await seen.waitFor({ timeout: 10_000 });
      await seen.getByText('Giulia Rossi').waitFor();

      // the plate's page: vehicle, owner, no policy yet; five clean years from class 14 make class 9
      await row.click();
      await dealer.page.getByTestId('plate-detail').waitFor();
      await dealer.page.getByTestId('plate-vehicle').getByText('Fiat Panda').waitFor();
      await dealer.page.getByTestId('plate-owner').getByText(VALID_CF).waitFor();
      await dealer.page.getByTestId('plate-policy').getByText('Nessuna polizza registrata per questa targa').waitFor();
      await dealer.page.getByTestId('plate-new-quote').waitFor();
      assert.equal(await dealer.page.getByTestId('atr-row').count(), 5);
      await dealer.page.getByTestId('cu-calculate').click();
      await dealer.page.locator('[data-testid="cu-class"][data-class="9"]').waitFor();
      assert.equal(await dealer.page.getByTestId('cu-class').textContent(), 'Classe CU 9');
      await dealer.page.getByTestId('cu-steps').getByText('Ingresso: classe 14 (veicolo assicurato per la prima volta)').waitFor();
      await expectAccessible(dealer.page, 'plate page with its CU class (car dealer)');

      assert.deepEqual([...dealer.page.errors, ...admin.page.errors], []);
      added = { plate, id: await dealer.page.getByTestId('plate-detail').getAttribute('data-id') };
    } finally {
      await dealer.context.close();
      await admin.context.close();
    }
  });

  test("from the plate, the dealer makes an RCA quote with a risk certificate and sees its CU class; an admin quotes it live and issues the policy; the plate shows the policy's expiry", async () => {
    assert.ok(added, 'the first journey adds the plate this one starts from');
    const { plate } = added;
    const dealer = await openPage(live.browser);
    const admin = await openPage(live.browser);
    // the certificate's last five years, oldest first: claims with main responsibility, one in
    // the second year (14 → 13 → 15 → 14 → 13 → 12)
    const lastYear = new Date().getFullYear() - 1;
    const certificate = [0, 1, 0, 0, 0].map((claims, i) => ({ year: lastYear - 4 + i, claims }));
    const expectedClass = cuClassByHand(certificate.map((y) => y.claims));
    // the policy: from today (the dialog's default) to an end the dialog does not propose (a
    // year), so the plate's expiry can only be the one entered; covered 15 days after it
    const start = romeToday();
    const end = addDays(start, 200);
    const grace = addDays(end, 15);
    const number = `RCA-${plate}`;
    try {
      // the admin keeps the quotes list open, searching for the plate no quote has yet
      await signIn(admin.context, live.server, TENANT, 'admin@demo.it');
      await admin.page.goto(live.server.url(TENANT, '/preventivi'));
      await admin.page.getByTestId('quotes-page').waitFor();
      await admin.page.getByTestId('quote-search').fill(plate);
      await admin.page.waitForURL(new RegExp(`[?&]src=${plate}`));
      await settled(admin.page);
      assert.equal(await admin.page.getByTestId('quote-row').count(), 0);

      // 'Nuovo preventivo RCA' on the plate's page: the shell's form on RC Auto, the vehicle and
      // its owner filled in
      await signIn(dealer.context, live.server, TENANT, 'agente@demo.it');
      await dealer.page.goto(live.server.url(TENANT, `/targhe/${added.id}`));
      await dealer.page.getByTestId('plate-detail').waitFor();
      await dealer.page.getByTestId('plate-no-quotes').waitFor();
      await dealer.page.getByTestId('plate-new-quote').click();
      const form = dealer.page.getByTestId('quote-form');
      await form.waitFor();
      await form.getByRole('heading', { name: 'RC Auto', level: 2 }).waitFor();
      await form.getByTestId('quote-prefilled').getByText('5 dati sono già compilati').waitFor();
      await form.getByTestId('atr-input').waitFor();
      assert.equal(await form.getByLabel('Nome e cognome').inputValue(), 'Giulia Rossi');
      assert.equal(await form.getByLabel('Codice fiscale / Partita IVA').inputValue(), VALID_CF);
      assert.equal(await form.getByLabel('Numero di targa').inputValue(), plate);
      assert.equal(await form.getByLabel('Marca', { exact: true }).inputValue(), 'Fiat');
      assert.equal(await form.getByLabel('Modello', { exact: true }).inputValue(), 'Panda');
      assert.equal(await form.getByRole('checkbox', { name: 'Veicolo nuovo' }).isChecked(), true);

      // the certificate: 0 in a clean year, as the table asks
      for (const { year, claims } of certificate) {
        await form.getByLabel(`Sinistri con responsabilità principale ${year}`, { exact: true }).fill(String(claims));
      }
      assert.equal(await form.getByTestId('atr-total').textContent(), '1');
      await settled(dealer.page);
      await expectAccessible(dealer.page, 'new RCA quote from a plate, certificate entered');
      await form.getByRole('button', { name: 'Richiedi quotazione' }).click();
      await dealer.page.waitForURL(/\/preventivi\/[^/?]+$/);
      await dealer.page.getByText('Preventivo creato').waitFor();
      const quoteId = new URL(dealer.page.url()).pathname.split('/').pop();

      // the RCA panel: the plate, the certificate's years and the CU class derived from them
      const panel = dealer.page.getByTestId('rca-quote-panel');
      await panel.waitFor();
      assert.equal(await panel.getByTestId('rca-quote-plate').getByText(plate, { exact: true }).count(), 1);
      assert.equal(await panel.getByTestId('rca-quote-atr-row').count(), 5);
      const cu = panel.getByTestId('rca-quote-cu');
      await cu.getByRole('heading', { name: 'Classe di merito CU' }).waitFor();
      await cu.locator(`[data-testid="rca-quote-cu-class"][data-class="${expectedClass}"]`).waitFor();
      assert.equal(await cu.getByTestId('rca-quote-cu-class').textContent(), `Classe CU ${expectedClass}`);
      assert.equal(await cu.getByTestId('rca-quote-cu-steps').locator('li').count(), 1 + certificate.length);
      await settled(dealer.page);
      await expectAccessible(dealer.page, 'RCA quote with its CU class (car dealer)');

      // the class inherited from the household (legge Bersani): a cohabiting member's car in
      // class 2 beats the certificate's, and the panel says where the class comes from
      const household = panel.getByTestId('rca-quote-bersani');
      await household.getByTestId('rca-quote-bersani-add').click();
      await household.getByTestId('rca-quote-bersani-targa').fill('EF456GH');
      await household.getByTestId('rca-quote-bersani-classe').fill('2');
      await cu.locator('[data-testid="rca-quote-cu-class"][data-class="2"]').waitFor();
      assert.equal(
        await cu.getByTestId('rca-quote-cu-class-source').textContent(),
        `ereditata da EF456GH (legge Bersani), invece della ${expectedClass}`,
      );
      await household.getByTestId('rca-quote-bersani-result').getByText('Classe ereditata: 2, da EF456GH').waitFor();
      await settled(dealer.page);
      await expectAccessible(dealer.page, 'RCA quote with a class inherited from the household (car dealer)');

      // the admin's open list shows the new quote with no reload
      const row = admin.page.locator(`[data-testid="quote-row"][data-id="${quoteId}"]`);
      await row.waitFor(LIVE);
      await row.getByText('Giulia Rossi').waitFor();
      await row.click();
      await admin.page.getByTestId('quote-detail').waitFor();
      await admin.page.getByTestId('rca-quote-cu-class').filter({ hasText: `Classe CU ${expectedClass}` }).waitFor();

      // the admin files the registration document and quotes motor liability (the insured's
      // province, Milan, sets the provincial tax)
      const documents = admin.page.getByTestId('documents-section');
      const [chooser] = await Promise.all([
        admin.page.waitForEvent('filechooser'),
        documents.getByRole('button', { name: 'Carica' }).click(),
      ]);
      await chooser.setFiles({ name: 'libretto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
      await documents.getByTestId('document-row').filter({ hasText: 'libretto.pdf' }).waitFor();
      await admin.page.getByTestId('offer-add').click();
      await addOffer(admin.page, 'Generali', '480', 'ANN', 'RC auto, massimale 10 milioni');
      await expectAccessible(admin.page, 'RCA quote with an offer (admin)');

      // the dealer sees the offer arrive, chooses it and requests the emission
      await dealer.page.locator('[data-testid="offer-row"][data-company="Generali"]').waitFor(LIVE);
      await dealer.page.getByRole('radio', { name: "Scegli l'offerta di Generali" }).check();
      await dealer.page.getByTestId('emission-toggle').click();
      await dealer.page.getByText('Emissione richiesta correttamente').waitFor();
      await admin.page.getByTestId('emission-state').filter({ hasText: 'Emissione richiesta' }).waitFor(LIVE);

      // the admin issues the policy: its number, today's start (the default) and the chosen end
      await admin.page.getByTestId('issue-policy').click();
      const dialog = admin.page.getByTestId('issue-dialog');
      await dialog.waitFor();
      assert.equal(await dialog.getByTestId('issue-start').inputValue(), italianDay(start));
      await dialog.getByTestId('issue-number').fill(number);
      await dialog.getByTestId('issue-end').fill(end);
      // the calendar under the end date, open as it is typed: readable too
      await settled(admin.page);
      await expectAccessible(admin.page, 'issue dialog for the RCA quote, its calendar open');
      await dialog.getByTestId('issue-end').press('Tab');
      await admin.page.locator('[data-dates-dropdown]').waitFor({ state: 'hidden' });
      await dialog.getByTestId('issue-confirm').click();
      await admin.page.waitForURL(/\/polizza\/[^/]+$/);
      await admin.page.getByTestId('instalment-row').first().waitFor();

      // the dealer's quote reads as issued; its plate, opened from the RCA panel, shows the
      // policy, its expiry and the cover until 15 days after it
      await dealer.page.getByTestId('quote-detail').getByTestId('status-badge').filter({ hasText: `Polizza emessa n. ${number}` }).waitFor(LIVE);
      await dealer.page.getByTestId('rca-quote-plate-link').click();
      await dealer.page.locator(`[data-testid="plate-detail"][data-id="${added.id}"]`).waitFor();
      const policy = dealer.page.getByTestId('plate-policy');
      await policy.getByText(number, { exact: true }).waitFor(LIVE);
      await policy.getByText('Generali', { exact: true }).waitFor();
      assert.equal(await policy.getByTestId('cover').getAttribute('data-state'), 'valid');
      await policy.getByTestId('cover').getByText(italianDay(end), { exact: true }).waitFor();
      const covered = policy.locator('.sp-figure').filter({ hasText: 'Coperta fino al' });
      await covered.getByText(italianDay(grace), { exact: true }).waitFor();
      // and the quote it was made from, read as issued as the quotes list reads it
      const issuedQuote = dealer.page.locator(`[data-testid="plate-quote"][data-id="${quoteId}"]`);
      await issuedQuote.getByTestId('status-badge').filter({ hasText: `Polizza emessa n. ${number}` }).waitFor();
      await settled(dealer.page);
      await expectAccessible(dealer.page, 'plate page with its policy (car dealer)');

      // the register's row: the policy's number and company, and its expiry
      await dealer.page.locator('[data-menu-key="targhe"]').click();
      const registered = await rowOf(dealer.page, plate);
      await registered.getByText(number, { exact: true }).waitFor();
      await registered.getByText('Generali', { exact: true }).waitFor();
      await registered.getByTestId('cover').getByText(italianDay(end), { exact: true }).waitFor();
      await settled(dealer.page);
      await expectAccessible(dealer.page, 'plates register, the plate insured (car dealer)');

      assert.deepEqual([...dealer.page.errors, ...admin.page.errors], []);
    } finally {
      await dealer.context.close();
      await admin.context.close();
    }
  });

  test('a CSV of plates with one bad row is refused in the dry run, that row named, and nothing is imported', async () => {
    const { context, page } = await openPage(live.browser);
    const good = freshPlate();
    try {
      const token = await signIn(context, live.server, TENANT, 'agente@demo.it');
      await page.goto(live.server.url(TENANT, '/targhe'));
      await page.getByTestId('plates-page').waitFor();
      await page.getByTestId('plates-import').click();
      const dialog = page.getByTestId('plates-import-dialog');
      await dialog.waitFor();
      const csv = [
        'targa;tipo;marca;modello;immatricolazione;cliente;cf',
        `${good};autovettura;Fiat;Panda;nuova;Giulia Rossi;${VALID_CF}`,
        `AB12;autovettura;Fiat;Punto;01/02/2020;Giulia Rossi;${VALID_CF}`,
      ].join('\n');
      await page.getByTestId('plates-import-file').setInputFiles({ name: 'targhe.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });

      // the dry run names row 3 (the header is row 1) with the rules' message
      const refused = page.locator('[data-testid="plates-import-error"][data-row="3"]');
      await refused.waitFor();
      const line = await refused.textContent();
      assert.ok(line.startsWith('Riga 3 — AB12 — '), line);
      assert.match(line, /Targa non valida per un'autovettura/);
      assert.equal(await page.getByTestId('plates-import-error').count(), 1);
      await dialog.getByText('1 riga con errori', { exact: false }).waitFor();
      assert.ok(await page.getByTestId('plates-import-submit').isDisabled());
      await expectAccessible(page, 'CSV import refused in the dry run');

      // nothing was imported: not even the good row
      await dialog.getByRole('button', { name: 'Annulla' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('plates-search').fill(good);
      await page.getByTestId('plates-empty').getByText('Nessuna targa corrisponde alla ricerca').waitFor();
      const search = await live.server.api(TENANT, `/api/targhe/?q=${good}`, { token });
      assert.equal(search.status, 200, search.text);
      assert.deepEqual((await search.json()).targhe, []);
      assert.deepEqual(page.errors, []);
    } finally {
      await context.close();
    }
  });
});
