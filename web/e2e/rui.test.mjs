// End-to-end: 'RUI e formazione' on assicurapp. The admin lists the collaborators (the demo
// sub-agent short of the year's hours), opens the sub-agent and logs the 21,75 hours missing
// (8,25 + 21,75 = 30): the badge turns green. At 390 px the list is cards and nothing sticks
// out. The agent opens his own page and edits nothing.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { liveSuite, openPage, settled, signIn, test } from './harness.mjs';

const live = liveSuite();
const PHONE = { width: 390, height: 844 };

async function overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('rui', () => {
  test('the office logs the missing hours; phones get cards', async () => {
    const { context, page } = await openPage(live.browser);
    try {
      await signIn(context, live.server, 'assicurapp', 'admin@demo.it');
      await page.goto(live.server.url('assicurapp', '/rui'));
      await page.getByTestId('rui-page').waitFor();
      const short = page.locator('[data-testid="rui-row"][data-short="yes"]');
      await short.first().waitFor();
      assert.equal(await page.locator('[data-testid="rui-row"]').count(), 2);
      assert.equal(await short.count(), 1);
      await short.first().click();
      await page.waitForURL(/\/rui\/[^/]+$/);
      await page.getByTestId('rui-course-form').waitFor();
      await page.getByTestId('rui-course-hours').fill('21,75');
      await page.getByTestId('rui-course-title').fill('Antiriciclaggio');
      await page.getByTestId('rui-course-add').click();
      await page.locator('[data-testid="rui-training-badge"][data-short="no"]').waitFor();
      assert.equal(await page.getByTestId('rui-course').count(), 2);

      await page.setViewportSize(PHONE);
      await page.goto(live.server.url('assicurapp', '/rui'));
      await page.locator('.sp-list-card').first().waitFor();
      await settled(page);
      const beyond = await overflow(page);
      assert.ok(beyond <= 0, `the page: ${beyond} px beyond the phone's right edge`);
    } finally {
      await context.close();
    }
  });

  test('an agent sees his own page and no form', async () => {
    const { context, page } = await openPage(live.browser);
    try {
      await signIn(context, live.server, 'assicurapp', 'subagente@demo.it');
      await page.goto(live.server.url('assicurapp', '/rui'));
      await page.getByTestId('rui-user').waitFor();
      await page.getByTestId('rui-entry').waitFor();
      assert.match(await page.getByTestId('rui-entry').innerText(), /E000402233/);
      assert.equal(await page.getByTestId('rui-entry-form').count(), 0);
      assert.equal(await page.getByTestId('rui-course-form').count(), 0);
    } finally {
      await context.close();
    }
  });
});
