// Screenshots of the running app in Debian's Chromium, for looking at the screens:
//   node scripts/screenshot.mjs http://rcadealer.localhost:8000/ out.png [email] [dark|light] [path-after-login]
import { chromium } from 'playwright-core';

const [url, out, email, theme = 'light', after] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const context = await browser.newContext({ viewport: { width: 1360, height: 820 }, colorScheme: theme });
const page = await context.newPage();
page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(url);
if (email) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByTestId('side-menu').waitFor();
  if (after) await page.goto(new URL(after, url).href);
}
await page.waitForTimeout(1500);
if (process.env.HOVER) await page.getByTestId('side-menu').hover(), await page.waitForTimeout(1300), await page.mouse.move(100, 300), await page.waitForTimeout(400);
if (process.env.CLICK) {
  await page.getByTestId(process.env.CLICK).click();
  await page.waitForTimeout(800);
}
await page.screenshot({ path: out });
await browser.close();
