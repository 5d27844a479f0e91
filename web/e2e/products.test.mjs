// End-to-end: products for managers (list, editor, active switch, a product's company documents)
// and 'Nuova quotazione' for agents.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe } from 'node:test';
import { expectAccessible, liveSuite, login, openPage, signIn, test } from './harness.mjs';

const live = liveSuite();

async function adminToken(tenant = 'assicurapp') {
  const response = await live.server.api(tenant, '/api/auth/login', {
    method: 'POST', json: { email: 'admin@demo.it', password: 'demo1234' },
  });
  return (await response.json()).token;
}

async function product(id) {
  const response = await live.server.api('assicurapp', `/api/products/${id}`, { token: await adminToken() });
  assert.equal(response.status, 200, response.text);
  return response.json();
}

describe('products (admin and responsabile)', () => {
  test('an admin creates a product, mistakes first, then switches it off', async () => {
    const { context, page } = await openPage(live.browser);
    try {
      await signIn(context, live.server, 'assicurapp', 'admin@demo.it');
      await page.goto(live.server.url('assicurapp', '/prodotti'));
      await page.getByTestId('product-row').filter({ hasText: 'RC Auto' }).waitFor();
      await expectAccessible(page, 'products');
      await page.getByRole('link', { name: 'Nuovo prodotto' }).click();
      await page.getByTestId('product-edit').waitFor();
      await expectAccessible(page, 'new product');
      assert.equal(new URL(page.url()).pathname, '/prodotti/nuovo');

      await page.getByPlaceholder('Es. RC Auto').fill('Tutela legale');
      await page.getByRole('button', { name: 'Aggiungi campo' }).click();
      const row = page.getByTestId('field-row').first();
      await row.getByRole('textbox', { name: 'Etichetta' }).fill('Uso veicolo');
      await row.getByRole('combobox', { name: 'Tipo' }).selectOption({ label: 'Selezione' });
      await page.getByRole('button', { name: 'Aggiungi compagnia' }).click();
      const company = page.getByTestId('company-row').first();
      await company.getByRole('combobox', { name: 'Compagnia' }).fill('Allianz');
      await company.getByRole('textbox', { name: 'Quotazioni min' }).fill('5');
      await company.getByRole('textbox', { name: 'Quotazioni max' }).fill('2');
      await page.getByRole('button', { name: 'Crea prodotto' }).first().click();

      await page.getByText('Il campo Uso veicolo richiede un elenco di opzioni').waitFor();
      await page.getByText('qMin non può superare qMax').waitFor();
      await expectAccessible(page, 'new product with a field, a company and errors');
      assert.equal(new URL(page.url()).pathname, '/prodotti/nuovo');

      await row.getByRole('textbox', { name: 'Opzioni' }).fill('Privato');
      await row.getByRole('textbox', { name: 'Opzioni' }).press('Enter');
      await company.getByRole('textbox', { name: 'Quotazioni max' }).fill('8');
      await page.getByRole('button', { name: 'Crea prodotto' }).first().click();
      await page.getByText('Prodotto creato').waitFor();
      await page.waitForURL((url) => /^\/prodotti\/[0-9a-f]{24}$/.test(url.pathname));
      await expectAccessible(page, 'product editor after saving');
      const id = new URL(page.url()).pathname.split('/').at(-1);
      const saved = await product(id);
      assert.deepEqual(saved.fields, [{ _id: 'uso_veicolo', name: 'Uso veicolo', type: 'Selezione', options: ['Privato'] }]);
      assert.deepEqual(saved.companies, { Allianz: { provv: 0, istruttoria: 0, qMin: 5, qMax: 8 } });
      assert.equal(saved.active, true);

      await page.getByRole('link', { name: 'Prodotti' }).first().click();
      const listed = page.getByTestId('product-row').filter({ hasText: 'Tutela legale' });
      await listed.waitFor();
      await listed.getByRole('switch', { name: 'Attivo' }).click({ force: true });
      await page.getByText('Tutela legale disattivato').waitFor();
      await expectAccessible(page, 'products, one switched off');
      assert.equal((await product(id)).active, false);
      assert.deepEqual(page.errors, []);
    } finally {
      await context.close();
    }
  });

  test("an admin uploads a product's DIP, sees it listed and downloads it; a text file is refused", async () => {
    const { context, page } = await openPage(live.browser, { acceptDownloads: true });
    try {
      await signIn(context, live.server, 'assicurapp', 'admin@demo.it');
      const token = await adminToken();
      const products = await (await live.server.api('assicurapp', '/api/products', { token })).json();
      const home = products.find((p) => p.name === 'Casa e famiglia' && !p.type);
      assert.ok(home, 'the demo has the plain product Casa e famiglia');
      // the list held back: the card's loading state is accessible too
      let release;
      const held = new Promise((resolve) => (release = resolve));
      await page.route(`**/api/products/${home._id}/documents`, async (route) => {
        await held;
        await route.continue();
      }, { times: 1 }); // the list's GET: the first request to it
      await page.goto(live.server.url('assicurapp', `/prodotti/${home._id}`));
      const card = page.getByTestId('product-documents');
      await card.getByRole('status', { name: 'Documenti precontrattuali del prodotto' }).waitFor();
      await expectAccessible(page, "a product's documents, loading");
      release();
      await card.getByRole('heading', { name: 'Documenti precontrattuali del prodotto' }).waitFor();
      const dip = card.getByTestId('product-document-dip');
      await dip.getByText('Non ancora caricato').waitFor();
      await expectAccessible(page, "a product's documents, none yet");

      const content = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      await dip.locator('input[type="file"]').setInputFiles({ name: 'DIP Casa.pdf', mimeType: 'application/pdf', buffer: content });
      await page.getByText('DIP caricato').waitFor();
      await dip.getByRole('link', { name: 'DIP Casa.pdf', exact: true }).waitFor();
      const sha = createHash('sha256').update(content).digest('hex');
      assert.equal(await dip.getByTestId('product-document-sha').textContent(), `SHA-256 ${sha.slice(0, 12)}`);
      assert.match(await dip.textContent(), /\d+ byte · caricato il \d\d\/\d\d\/\d{4} \d\d:\d\d/);
      await dip.getByRole('button', { name: 'Sostituisci DIP' }).waitFor();
      const listed = await (await live.server.api('assicurapp', `/api/products/${home._id}/documents`, { token })).json();
      assert.deepEqual(listed.map((d) => [d.kind, d.name, d.sha256]), [['dip', 'DIP Casa.pdf', sha]]);
      await expectAccessible(page, "a product's documents, the DIP uploaded");

      const [download] = await Promise.all([page.waitForEvent('download'), dip.getByRole('link', { name: 'Scarica DIP Casa.pdf' }).click()]);
      assert.equal(download.suggestedFilename(), 'DIP Casa.pdf');
      assert.deepEqual(await readFile(await download.path()), content);

      const conditions = card.getByTestId('product-document-condizioni');
      await conditions.locator('input[type="file"]').setInputFiles({ name: 'condizioni.txt', mimeType: 'text/plain', buffer: Buffer.from('non sono un PDF') });
      await conditions.getByTestId('product-document-error').getByText('Il documento del prodotto deve essere un PDF').waitFor();
      await conditions.getByText('Non ancora caricato').waitFor();
      await expectAccessible(page, "a product's documents, a refusal shown");

      // the conditions uploaded from another window: this page's card shows them as they land
      const other = await context.newPage();
      await other.goto(live.server.url('assicurapp', `/prodotti/${home._id}`));
      await other.getByTestId('product-document-condizioni').locator('input[type="file"]')
        .setInputFiles({ name: 'Condizioni Casa.pdf', mimeType: 'application/pdf', buffer: content });
      await other.getByText('Condizioni di assicurazione caricato').waitFor();
      await other.close();
      await conditions.getByRole('link', { name: 'Condizioni Casa.pdf', exact: true }).waitFor();
      await card.screenshot({ path: '/tmp/product-documents-desktop.png' });

      // on a phone: nothing wider than the window, the card's buttons 44 px tall or more
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth);
      const sizes = await card.evaluate((root) => ({
        page: [document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth],
        card: root.scrollWidth - root.clientWidth,
        buttons: [...root.querySelectorAll('a.mantine-Button-root, button')].map((b) => [b.textContent.trim(), Math.round(b.getBoundingClientRect().height)]),
      }));
      assert.ok(sizes.page[0] <= 390 && sizes.page[1] <= 390, `the page is ${sizes.page} px wide`);
      assert.equal(sizes.card, 0, 'nothing in the card scrolls sideways');
      assert.ok(sizes.buttons.length >= 4, JSON.stringify(sizes.buttons));
      assert.deepEqual(sizes.buttons.filter(([, height]) => height < 44), [], 'every button is 44 px tall or more');
      await card.screenshot({ path: '/tmp/product-documents-phone.png' });
      assert.deepEqual(page.errors, []);
    } finally {
      await context.close();
    }
  });

  test('an employee has no products page', async () => {
    const { context, page } = await openPage(live.browser);
    try {
      await signIn(context, live.server, 'assicurapp', 'dipendente@demo.it');
      await page.goto(live.server.url('assicurapp', '/prodotti'));
      await page.getByTestId('not-found').waitFor();
      await page.goto(live.server.url('assicurapp', '/prodotti/nuovo'));
      await page.getByTestId('not-found').waitFor();
      await expectAccessible(page, 'not found (employee)');
    } finally {
      await context.close();
    }
  });
});

describe('nuova quotazione (agents)', () => {
  test('an agent picks a product, fixes a wrong Codice Fiscale and creates the quote', async () => {
    const { context, page } = await openPage(live.browser, { colorScheme: 'dark' });
    try {
      await login(page, live.server, 'assicurapp', 'agente@demo.it');
      await page.locator('[data-menu-key="nuova-quotazione"]').click();
      await page.getByTestId('new-quote').waitFor();
      await expectAccessible(page, 'new quote (dark)');
      const cards = await page.getByTestId('quote-product').allTextContents();
      assert.ok(cards.some((text) => text.includes('Casa e famiglia')), cards.join(' | '));
      assert.ok(!cards.some((text) => text.includes('Tutela legale')), 'inactive products are not offered');

      await page.getByRole('button', { name: 'Casa e famiglia' }).click();
      await page.getByTestId('quote-form').waitFor();
      await expectAccessible(page, 'new quote form (dark)');
      await page.getByRole('textbox', { name: 'Nome e cognome' }).fill('Mario Rossi');
      const cf = page.getByRole('textbox', { name: 'Codice fiscale / Partita IVA' });
      await cf.fill('RSSMRA80A01H501X');
      await page.getByRole('button', { name: 'Richiedi quotazione' }).click();
      await page.getByTestId('quote-form').getByText('Codice fiscale errato').first().waitFor();
      await expectAccessible(page, 'new quote form with an error (dark)');
      assert.equal(new URL(page.url()).pathname, '/prodotti');

      await cf.fill('RSSMRA80A01H501U');
      await page.getByRole('button', { name: 'Richiedi quotazione' }).click();
      await page.waitForURL((url) => /^\/preventivi\/[0-9a-f]{24}$/.test(url.pathname));
      await page.getByText('Preventivo creato').waitFor();
      await page.getByTestId('quote-detail').waitFor();
      await expectAccessible(page, 'created quote (dark)');
      assert.deepEqual(page.errors, []);
    } finally {
      await context.close();
    }
  });

  test("a line's product opens the line's own module", async () => {
    const { context, page } = await openPage(live.browser);
    try {
      await signIn(context, live.server, 'assicurapp', 'agente@demo.it');
      await page.goto(live.server.url('assicurapp', '/prodotti'));
      await page.getByTestId('quote-product').filter({ hasText: 'Finanziamenti' }).click();
      await page.waitForURL((url) => url.pathname === '/prestiti');
    } finally {
      await context.close();
    }
  });
});
