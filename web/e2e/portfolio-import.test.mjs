// End-to-end: the portfolio import on assicurapp. The admin opens /importa from the menu, names
// the source, uploads a CSV of six policies (two of them bad), sees the columns mapped from the
// headers, runs the dry run and reads the two bad rows with their reasons; imports, watches the
// progress reach 100%, and imports the same file again, which changes nothing. Screenshots go to
// /tmp/portfolio-import-shots/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe } from 'node:test';
import { expectAccessible, liveSuite, openPage, settled, signIn, test } from './harness.mjs';

const live = liveSuite();
const SHOTS = '/tmp/portfolio-import-shots';
const LIVE = { timeout: 30_000 };

async function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
/** A valid codice fiscale of six letters from `n`, born in Rome. */
function fiscalCode(n) {
  const letters = Array.from({ length: 6 }, (_, i) => String.fromCharCode(65 + (Math.floor(n / 26 ** i) % 26))).join('');
  const body = `${letters}85A${String(1 + (n % 28)).padStart(2, '0')}H501`;
  let sum = 0;
  for (let i = 0; i < 15; i += 1) {
    const c = body[i];
    const value = /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 65;
    sum += i % 2 === 0 ? ODD[value] : value;
  }
  return body + String.fromCharCode(65 + (sum % 26));
}

const stamp = Date.now().toString(36).toUpperCase();
const rows = [
  ['E2E-1', 'Mario Rossi', fiscalCode(9001), 'Allianz', `E2E-${stamp}-1`, '01/02/2026', '1.234,56', 'annuale', ''],
  ['E2E-1', 'Mario Rossi', fiscalCode(9001), 'Generali', `E2E-${stamp}-2`, '15/03/2026', '1000,00', 'semestrale', '400,00|600,00'],
  ['E2E-2', 'Anna Bianchi', fiscalCode(9002), 'Allianz', `E2E-${stamp}-3`, '15/04/2026', '360.30', 'quadrimestrale', ''],
  ['E2E-3', 'Luca Verdi', 'RSSMRA80A01H50XZ', 'Allianz', `E2E-${stamp}-4`, '01/01/2026', '100,00', '', ''],
  ['E2E-4', 'Sara Neri', fiscalCode(9004), 'Allianz', `E2E-${stamp}-5`, '01/01/2026', '1.000,00', 'semestrale', '400,00|500,00'],
  ['E2E-5', 'Elena Sala', fiscalCode(9005), 'Generali', `E2E-${stamp}-6`, '01/05/2026', '250', 'mensile', ''],
];
const csv = ['Codice cliente;Cliente;Codice fiscale;Compagnia;Numero polizza;Decorrenza;Premio;Frazionamento;Rate', ...rows.map((r) => r.join(';'))].join('\n');

async function runJob(page, button) {
  const panel = page.getByTestId('import-job');
  const previous = (await panel.count()) ? await panel.getAttribute('data-job') : '';
  await page.getByTestId(button).click();
  await page.locator(`[data-testid="import-job"][data-status="completato"]:not([data-job="${previous}"])`).waitFor(LIVE);
  await settled(page);
  const count = async (key) => Number(await page.getByTestId(`count-${key}`).getAttribute('data-value'));
  return { count, percent: await page.getByTestId('import-percent').textContent() };
}

describe('portfolio import', () => {
  test('a dry run lists the bad rows, the import reaches 100% and a second one changes nothing', async () => {
    const admin = await openPage(live.browser);
    try {
      await signIn(admin.context, live.server, 'assicurapp', 'admin@demo.it');
      await admin.page.goto(live.server.url('assicurapp', '/'));
      await admin.page.getByRole('link', { name: 'Importa portafoglio' }).first().click();
      await admin.page.getByTestId('portfolio-import-page').waitFor(LIVE);
      await admin.page.getByTestId('import-source').fill(`Portale E2E ${stamp}`);
      await admin.page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'portafoglio.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await admin.page.getByTestId('import-mapping').waitFor(LIVE);
      assert.equal(await admin.page.getByTestId('map-fiscal_code').inputValue(), 'Codice fiscale');
      assert.equal(await admin.page.getByTestId('map-premium').inputValue(), 'Premio');

      const dry = await runJob(admin.page, 'import-dry-run');
      assert.equal(await admin.page.getByTestId('import-error-row').count(), 2);
      const reasons = await admin.page.getByTestId('import-error-row').allTextContents();
      assert.match(reasons[0], /^5Codice fiscale.*codice fiscale o partita IVA non valido/);
      assert.match(reasons[1], /^6Rate.*sommano 900,00/);
      assert.equal(await dry.count('polizzeNuove'), 4);
      await shot(admin.page, '01-dry-run-1280');
      await expectAccessible(admin.page, 'portfolio import, the dry run');

      const real = await runJob(admin.page, 'import-run');
      assert.equal(real.percent, '100%');
      assert.equal(await real.count('polizzeNuove'), 4);
      assert.equal(await real.count('clientiNuovi'), 3);
      await shot(admin.page, '02-imported-1280');

      const again = await runJob(admin.page, 'import-run');
      assert.equal(again.percent, '100%');
      assert.equal(await again.count('polizzeNuove'), 0);
      assert.equal(await again.count('polizzeAggiornate'), 0);
      assert.equal(await again.count('polizzeInvariate'), 4);
      assert.equal(await again.count('clientiNuovi'), 0);
      await shot(admin.page, '03-again-1280');
      assert.deepEqual(admin.page.errors, []);
    } finally {
      await admin.context.close();
    }
  });
});
