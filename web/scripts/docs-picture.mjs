// The picture of the README and the docs site: the quotes list of the demo admin on
// assicurapp, in Debian's Chromium against a live server with a fresh demo database.
//   node scripts/docs-picture.mjs   (needs the built shell, `make web`, and the Python venv)
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, LiveServer, login, openPage } from '../e2e/harness.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(repo, 'docs', 'img', 'preventivi.png');

const [server, browser] = await Promise.all([LiveServer.start(), launchBrowser()]);
try {
  const { page } = await openPage(browser, { viewport: { width: 1280, height: 760 } });
  await login(page, server, 'assicurapp', 'admin@demo.it');
  await page.getByTestId('side-menu').getByRole('link', { name: 'Preventivi' }).click();
  await page.waitForURL(/\/preventivi/);
  await page.getByRole('row').nth(3).waitFor();
  // transitions and the fonts settle before the picture
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(500);
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
