// End-to-end: the virtualised lists' rows as cards on a phone and a tablet take their content's
// height. A quote whose customer has a very long name is a card on a 390 px phone whose wrapped
// name and cells all lie inside it, and the next card starts below it; going to a quote and back
// lands on the same card. The quotes and policies lists are photographed at 390 and 768 px
// (/tmp/cards-shots) to be looked at.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'node:test';
import { liveSuite, openPage, settled, signIn, test } from './harness.mjs';

const live = liveSuite();
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHOTS = '/tmp/cards-shots';
const SIZES = { phone: { width: 390, height: 844 }, tablet: { width: 768, height: 1024 } };
const LONG_NAME = 'Maria Addolorata Immacolata Concetta Santissima Annunziata Della Valle di Sopra Esposito Bianchi';

/** Names quote `id`'s customer `name` in the server's database, as an edit elsewhere would. */
function renameCustomer(id, name) {
  const script = `
import asyncio, sys
from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.settings import get_settings

async def main(quote_id: str, name: str) -> None:
    runtime = Runtime.build(get_settings())
    try:
        with tenant_scope("assicurapp"):
            async with runtime.db.session() as session:
                quote = await session.get(m.Quote, quote_id)
                quote.usr_data = [{**e, "value": name} if e.get("_id") == "nome" else e for e in quote.usr_data]
    finally:
        await runtime.db.dispose()

asyncio.run(main(sys.argv[1], sys.argv[2]))
`;
  execFileSync(join(REPO, '.venv', 'bin', 'python'), ['-c', script, id, name], {
    cwd: REPO, env: live.server.environment(), encoding: 'utf8',
  });
}

/** Each rendered card's box and its content's lowest bottom, in the list's order. */
function cardBoxes(page, testId) {
  return page.getByTestId(testId).evaluateAll((rows) =>
    rows
      .map((row) => {
        const box = row.getBoundingClientRect();
        const inner = [...row.querySelectorAll('*')].map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0);
        return { id: row.dataset.id, index: Number(row.dataset.index), top: box.top, bottom: box.bottom, content: Math.max(...inner.map((r) => r.bottom)) };
      })
      .sort((a, b) => a.index - b.index));
}

async function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('cards take their content height', () => {
  test('a quote card with a long customer name holds its wrapped name, the next card below it', async () => {
    const { context, page } = await openPage(live.browser, { viewport: SIZES.phone, hasTouch: true });
    try {
      await signIn(context, live.server, 'assicurapp', 'agente@demo.it');
      await page.goto(live.server.url('assicurapp', '/preventivi'));
      await page.getByTestId('quote-row').first().waitFor();
      await settled(page);
      const [id] = await page.getByTestId('quote-row').evaluateAll((rows) =>
        rows.sort((a, b) => a.dataset.index - b.dataset.index).slice(1, 2).map((r) => r.dataset.id));
      renameCustomer(id, LONG_NAME);
      await page.reload();
      const card = page.locator(`[data-testid="quote-row"][data-id="${id}"]`);
      await card.locator('.quote-customer', { hasText: LONG_NAME }).waitFor();
      await settled(page);
      await shot(page, 'phone-long-name');

      const name = card.locator('.quote-customer');
      const lines = await name.evaluate((e) => Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)));
      assert.ok(lines >= 2, `the name wraps (${lines} line)`);
      assert.ok(await name.evaluate((e) => e.scrollWidth <= e.clientWidth), 'the name is not cut');
      const boxes = await cardBoxes(page, 'quote-row');
      const at = boxes.findIndex((b) => b.id === id);
      const [mine, next] = [boxes[at], boxes[at + 1]];
      assert.ok(next, 'a card follows');
      assert.ok(mine.content <= mine.bottom + 0.5, `content ${mine.content} inside the card ending ${mine.bottom}`);
      assert.ok(next.top >= mine.bottom - 1, `the next card starts at ${next.top}, below ${mine.bottom}`);
      for (const [a, b] of boxes.slice(0, -1).map((box, i) => [box, boxes[i + 1]])) {
        assert.ok(a.content <= a.bottom + 0.5 && b.top >= a.bottom - 1, `cards ${a.index} and ${b.index} apart`);
      }

      // to a quote further down and back: the same card at the same place
      await page.mouse.wheel(0, 1500);
      await settled(page);
      const opened = page.getByTestId('quote-row').filter({ visible: true }).nth(2);
      const openedId = await opened.getAttribute('data-id');
      const top = (await opened.boundingBox()).y;
      await opened.click();
      await page.waitForURL(/\/preventivi\/[^/]+$/);
      await page.goBack();
      const back = page.locator(`[data-testid="quote-row"][data-id="${openedId}"]`);
      await back.waitFor();
      await settled(page);
      assert.ok(Math.abs((await back.boundingBox()).y - top) <= 2, `back at ${(await back.boundingBox()).y}, was ${top}`);
      assert.deepEqual(page.errors, []);
    } finally {
      await context.close();
    }
  });

  test('the quotes and policies lists at 390 and 768 px', async () => {
    for (const [size, viewport] of Object.entries(SIZES)) {
      const { context, page } = await openPage(live.browser, { viewport, hasTouch: true });
      try {
        await signIn(context, live.server, 'assicurapp', 'admin@demo.it');
        for (const [path, testId] of [['/preventivi', 'quote-row'], ['/polizze', 'policy-row']]) {
          await page.goto(live.server.url('assicurapp', path));
          await page.getByTestId(testId).first().waitFor();
          await settled(page);
          await shot(page, `${size}${path.replace('/', '-')}`);
          const boxes = await cardBoxes(page, testId);
          for (const [a, b] of boxes.slice(0, -1).map((box, i) => [box, boxes[i + 1]])) {
            assert.ok(a.content <= a.bottom + 0.5 && b.top >= a.bottom - 1, `${size} ${path}: rows ${a.index} and ${b.index} apart`);
          }
        }
        assert.deepEqual(page.errors, []);
      } finally {
        await context.close();
      }
    }
  });
});
