// End-to-end: the plates register of the RCA line on rcadealer (SPEC §2 '/targhe', issue 33).
// A car dealer adds a plate with a wrong then a right format (the rules' Italian message under the
// field), the plate appears live on an admin's open register, the plate's page derives a CU class
// from an ATR table, and a CSV of plates with one bad row is refused in the dry run with that row
// named, importing nothing.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { expectAccessible, liveSuite, openPage, signIn, test } from './harness.mjs';

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

const live = liveSuite();

/** The register's row of `plate`, once the search shows it (the list is virtualised). */
async function rowOf(page, plate, timeout = 10_000) {
  await page.getByTestId('plates-search').fill(plate);
  const row = page.locator(`[data-testid="plate-row"][data-plate="${plate}"]`);
  await row.waitFor({ timeout });
  return row;
}

describe('the plates register (rcadealer)', () => {
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
