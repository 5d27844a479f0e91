// The phone and tablet pictures of the README: the demo admin's main screens on assicurapp at
// 390x844 and 768x1024, in Debian's Chromium against a live server with a fresh demo database.
//   node scripts/phone-pictures.mjs [out-dir]   (needs the built shell, `make web`, and the venv)
// Every screen is written to out-dir (default web/e2e/failures/pictures, not kept); the README
// keeps a few of them in docs/img/ (phone-*.png, tablet-*.png).
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, LiveServer, navigate, openPage, settled, signIn } from '../e2e/harness.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = resolve(process.argv[2] ?? join(repo, 'web', 'e2e', 'failures', 'pictures'));
mkdirSync(out, { recursive: true });

const SIZES = { phone: { width: 390, height: 844 }, tablet: { width: 768, height: 1024 } };

/** Opens a list and the first of its rows. */
async function openFirst(page, list, row) {
  await navigate(page, list);
  await page.getByTestId(row).first().click();
  await page.waitForURL((url) => url.pathname.split('/').length > 2);
  await settled(page);
}

const [server, browser] = await Promise.all([LiveServer.start(), launchBrowser()]);
try {
  for (const [size, viewport] of Object.entries(SIZES)) {
    const { context, page } = await openPage(browser, { viewport, hasTouch: true, deviceScaleFactor: 1 });
    await signIn(context, server, 'assicurapp', 'admin@demo.it');
    await page.goto(server.url('assicurapp', '/'));
    await page.getByTestId('top-bar').waitFor();
    await settled(page);
    const shot = async (name) => {
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: join(out, `${size}-${name}.png`) });
    };
    await shot('home');
    await page.getByTestId('menu-burger').click();
    await page.getByTestId('menu-drawer').getByTestId('side-menu').waitFor();
    await settled(page);
    await shot('menu');
    await page.keyboard.press('Escape');
    await page.getByTestId('menu-drawer').getByTestId('side-menu').waitFor({ state: 'detached' });
    for (const [path, name] of [['/preventivi', 'quotes'], ['/polizze', 'policies'], ['/clienti', 'clients'], ['/chat', 'chat'], ['/utenti', 'users'], ['/Report', 'report'], ['/polizze/insolute', 'overdue']]) {
      await navigate(page, path);
      await settled(page);
      await shot(name);
    }
    await openFirst(page, '/preventivi', 'quote-row');
    await shot('quote');
    await openFirst(page, '/polizze', 'policy-row');
    await shot('policy');
    await openFirst(page, '/clienti', 'client-row');
    await shot('client');
    await openFirst(page, '/chat', 'chat-room');
    await shot('chat-room');
    await context.close();
  }
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
