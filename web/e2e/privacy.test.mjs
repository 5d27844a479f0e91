// End-to-end: privacy on assicurapp. The admin writes the notice in Impostazioni › Privacy and
// the public /privacy page (no login) shows the new version; the agent records a consent on a
// client's page and sees it in the history; the admin's erasure of a client with a policy in
// force is refused with the reason; the client page's export is a ZIP; the erasure of a client
// with quotes only lists what it kept (the consent history recorded first), with its kind.
// Screenshots go to /tmp/privacy-shots/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe } from 'node:test';
import { liveSuite, openPage, settled, signIn, test } from './harness.mjs';

const live = liveSuite();
const SHOTS = '/tmp/privacy-shots';
const PHONE = { width: 390, height: 844 };

async function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Demo clients of assicurapp, as the admin reads them: one with a policy, one with none. */
async function demoClients(token) {
  const answer = await live.server.api('assicurapp', '/api/clients?limit=200', { token });
  const rows = await answer.json();
  return { withPolicy: rows.find((c) => c.policies > 0), quotesOnly: rows.find((c) => !c.policies && c.quotes > 0) };
}

describe('privacy', () => {
  test('the admin edits the notice and /privacy shows it', async () => {
    const { context, page } = await openPage(live.browser);
    try {
      await page.goto(live.server.url('assicurapp', '/privacy'));
      await page.getByTestId('privacy-text').waitFor();
      assert.match(await page.getByTestId('privacy-text').textContent(), /Regolamento UE 2016\/679/);
      await signIn(context, live.server, 'assicurapp', 'admin@demo.it');
      await page.goto(live.server.url('assicurapp', '/impostazioni?tab=privacy'));
      await page.getByTestId('privacy-notice-text').waitFor();
      await page.getByTestId('privacy-notice-text').fill('Informativa di prova\n\nSeconda riga <b>non html</b>');
      await page.getByTestId('privacy-notice-save').click();
      await page.getByTestId('privacy-version-row').first().waitFor();
      await shot(page, '01-notice-settings');
      await context.clearCookies();
      await page.goto(live.server.url('assicurapp', '/privacy'));
      await page.getByTestId('privacy-text').filter({ hasText: 'Informativa di prova' }).waitFor();
      assert.match(await page.getByTestId('privacy-version').textContent(), /Versione 1/);
      assert.equal(await page.locator('[data-testid="privacy-text"] b').count(), 0);
      await page.setViewportSize(PHONE);
      await settled(page); // the layout for the new width (cards for tables) renders after the resize
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `/privacy: ${overflow} px beyond the phone's edge`);
      await shot(page, '02-privacy-390');
    } finally {
      await context.close();
    }
  });

  test('a consent on the client page, and an erasure that keeps what it must', async () => {
    const { context, page } = await openPage(live.browser);
    try {
      const token = await signIn(context, live.server, 'assicurapp', 'admin@demo.it');
      const { withPolicy, quotesOnly } = await demoClients(token);
      assert.ok(withPolicy && quotesOnly, 'the demo data has a client with a policy and one with quotes only');
      await page.goto(live.server.url('assicurapp', `/clienti/${withPolicy._id}`));
      const marketing = page.getByTestId('consent-marketing');
      await marketing.getByTestId('consent-toggle').click();
      await marketing.getByTestId('consent-state').filter({ hasText: 'Dato' }).waitFor();
      await page.getByTestId('consent-history').waitFor();
      await page.getByTestId('privacy-erase').click();
      await page.getByTestId('privacy-erase-confirm').click();
      await page.getByText(/in vigore fino al/).waitFor();
      await shot(page, '03-erasure-refused');

      await page.goto(live.server.url('assicurapp', `/clienti/${quotesOnly._id}`));
      const href = await page.getByTestId('privacy-export').getAttribute('href');
      assert.match(href, /\/export\.zip$/);
      const kind = await page.evaluate(async (url) => (await fetch(url)).headers.get('content-type'), href);
      assert.equal(kind, 'application/zip');
      const consent = page.getByTestId('consent-marketing');
      await consent.getByTestId('consent-toggle').click();
      await consent.getByTestId('consent-state').filter({ hasText: 'Dato' }).waitFor();
      await page.getByTestId('privacy-erase').click();
      await page.getByTestId('privacy-erase-confirm').click();
      await page.getByTestId('erasure-result').waitFor();
      const kept = await page.getByTestId('erasure-kept').allTextContents();
      assert.equal(kept.length, 1);
      assert.match(kept[0], /Storico dei consensi/);
      assert.equal(await page.getByTestId('erasure-kept-kind').first().textContent(), 'Consensi');
      await shot(page, '04-erasure-done');
      await page.setViewportSize(PHONE);
      await settled(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `the client page: ${overflow} px beyond the phone's edge`);
      await page.goto(live.server.url('assicurapp', '/impostazioni?tab=registro'));
      await page.getByTestId('privacy-log-row').first().waitFor();
      await shot(page, '05-log-390');
    } finally {
      await context.close();
    }
  });
});
