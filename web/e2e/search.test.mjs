// End-to-end: the top bar's search on assicurapp. The agent presses Ctrl+K, types a demo
// client's surname, sees it under Clienti with its policies and claims in their groups, and opens
// it with Enter; at 390 px the search is an icon, the tenant's logo keeps its place and nothing
// sticks out.
// Screenshots go to /tmp/search-shots/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { describe } from 'node:test';
import { liveSuite, openPage, settled, signIn, test } from './harness.mjs';

const live = liveSuite();
const SHOTS = '/tmp/search-shots';
const PHONE = { width: 390, height: 844 };

async function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('search', () => {
  test('Ctrl+K, a client\'s surname, the groups, Enter opens the client', async () => {
    const { context, page } = await openPage(live.browser);
    try {
      await signIn(context, live.server, 'assicurapp', 'agente@demo.it');
      await page.goto(live.server.url('assicurapp', '/'));
      await page.getByTestId('search-button').waitFor();
      await settled(page);
      await page.keyboard.press('Control+k');
      const input = page.getByTestId('search-input');
      await input.waitFor();
      await input.fill('Bianchi');
      await page.getByTestId('search-group-cliente').waitFor();
      assert.ok(await page.getByTestId('search-group-polizza').count());
      await shot(page, '01-results-1280');
      await input.press('Enter');
      await page.waitForURL(/\/clienti\/[^/]+$/);
      await shot(page, '02-client-1280');

      await page.setViewportSize(PHONE);
      await page.getByTestId('search-icon').waitFor();
      assert.equal(await page.getByTestId('search-button').isVisible(), false);
      // the notifications button's label shows for a few seconds after load, then folds
      await page.getByTestId('enable-notifications').filter({ hasText: /notific/i }).waitFor({ state: 'hidden', timeout: 20_000 });
      await shot(page, '03-top-bar-390');
      // on a phone a detail page's back button takes the logo's place (the title keeps its room)
      await page.getByTestId('back-button').waitFor();
      assert.equal(await page.locator('.top-bar-logo').count(), 0);
      const overflow = await page.getByTestId('top-bar').evaluate((node) => node.scrollWidth - node.clientWidth);
      assert.ok(overflow <= 0, `the top bar: ${overflow} px beyond the screen's right edge`);
      await page.getByTestId('search-icon').click();
      await page.getByTestId('search-input').fill('AB123');
      await page.getByTestId('search-hit').first().waitFor();
      await shot(page, '04-results-390');
    } finally {
      await context.close();
    }
  });
});
