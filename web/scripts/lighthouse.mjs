// Lighthouse on the login page and on the home page after login, in Debian's Chromium, against
// a live server (fresh demo data): the performance and accessibility scores, and whether
// Chromium would install the app (its own check, Page.getInstallabilityErrors: Lighthouse 12
// no longer has an installability audit).
//   node scripts/lighthouse.mjs [tenant] [--desktop]      (make lighthouse)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, LiveServer, PASSWORD } from '../e2e/harness.mjs';

const args = process.argv.slice(2);
const tenant = args.find((a) => !a.startsWith('--')) ?? 'assicurapp';
const desktop = args.includes('--desktop');
const CATEGORIES = ['performance', 'accessibility'];
const SHOTS = join(tmpdir(), 'sportello-lighthouse-shots');

/** Chromium's reasons not to install the app from the page open in `page` (none: installable). */
async function installability(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  const manifest = await cdp.send('Page.getAppManifest');
  await cdp.detach();
  return { errors: installabilityErrors.map((e) => e.errorId), manifest: manifest.url };
}

/** The page's scores and timings; its last frame saved as SHOTS/{name}.jpg, to look at. */
async function audit(url, port, name) {
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: true };
  const { lhr } = await lighthouse(url, flags, desktop ? desktopConfig : undefined);
  const frame = lhr.audits['final-screenshot']?.details?.data;
  if (frame) {
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(join(SHOTS, `${name}.jpg`), Buffer.from(frame.split(',')[1], 'base64'));
  }
  const score = (category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const failed = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    fcp: lhr.audits['first-contentful-paint']?.displayValue,
    lcp: lhr.audits['largest-contentful-paint']?.displayValue,
    tbt: lhr.audits['total-blocking-time']?.displayValue,
    failed,
  };
}

const server = await LiveServer.start();
const profile = mkdtempSync(join(tmpdir(), 'sportello-lighthouse-'));
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  userDataDir: profile, // a real profile, not incognito: Chromium judges installability only there
  chromeFlags: CHROMIUM_ARGS.map((a) => (a === '--headless' ? '--headless=new' : a)),
});
try {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = browser.contexts()[0];
  const page = await context.newPage();
  const results = [];

  await page.goto(server.url(tenant, '/login'));
  await page.getByRole('button', { name: 'Accedi' }).waitFor();
  const login = await installability(page);
  results.push({ page: '/login', ...(await audit(server.url(tenant, '/login'), chrome.port, 'login')), installable: login.errors.length === 0, installErrors: login.errors });

  await page.goto(server.url(tenant, '/login'));
  await page.getByLabel('Email').fill('agente@demo.it');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await page.getByTestId('side-menu').waitFor();
  const home = await installability(page);
  results.push({ page: '/ (home, logged in)', ...(await audit(server.url(tenant, '/'), chrome.port, 'home')), installable: home.errors.length === 0, installErrors: home.errors });
  await browser.close();

  console.log(`last frames in ${SHOTS}`);
  console.log(`Lighthouse ${desktop ? 'desktop' : 'mobile (default)'} preset, tenant ${tenant}, manifest ${login.manifest}`);
  console.table(results.map(({ failed, installErrors, ...row }) => ({ ...row, installErrors: installErrors.join(' ') || '—' })));
  for (const { page: path, failed } of results) if (failed.length) console.log(`${path}: audits failed: ${failed.join(', ')}`);
} finally {
  chrome.kill();
  await server.stop();
  rmSync(profile, { recursive: true, force: true });
}
