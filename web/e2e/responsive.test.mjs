// Phones and tablets: every screen of every demo role at 390x844 and 768x1024. The routes come
// from the menu the app shows each role (its drawer, on these sizes), so a new menu entry is
// swept too, plus a quote, a policy, a client and a claim opened from the demo data. On each:
// nothing wider than the window (the document and the body), the header's parts apart from one
// another and inside the window, the header's and the menu's controls 44 px or more, and axe-core
// finding nothing serious or critical (once per screen at each size). One browser context per
// role and size, moving inside the app from screen to screen; each role's home and menu drawer
// are swept, and each other path once per tenant and size, by the first role whose menu has it.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { accessibilityProblems, liveSuite, navigate, openPage, settled, signIn, test } from './harness.mjs';

const live = liveSuite();

const SIZES = { phone: { width: 390, height: 844 }, tablet: { width: 768, height: 1024 } };

const ROLES = [
  ['assicurapp', 'admin'],
  ['assicurapp', 'responsabile'],
  ['assicurapp', 'agente'],
  ['assicurapp', 'subagente'],
  ['assicurapp', 'dipendente'],
  ['assicurapp', 'segnalatore'],
  ['rcadealer', 'admin'],
  ['rcadealer', 'agente'],
];

/** A detail page of each main kind: the list it is opened from and the row to open. */
const DETAILS = [
  ['/preventivi', 'quote-row', /^\/preventivi\/[^/]+$/],
  ['/polizze', 'policy-row', /^\/polizza\/[^/]+$/],
  ['/clienti', 'client-row', /^\/clienti\/[^/]+$/],
  ['/sinistri', 'claim-row', /^\/sinistri\/[^/]+$/],
];

/** Screens axe has read at a size, by tenant and path: the same screen is read once. */
const read = new Set();
/** Paths swept at a size, by tenant: a path in several roles' menus is swept by the first role
 * that reaches it (every role's home and menu drawer are swept). */
const swept = new Set();

/** Whether this role is the first to sweep `path` on this tenant at this size (and claims it). */
function claim(size, tenant, path) {
  const key = `${size} ${tenant} ${path}`;
  if (swept.has(key)) return false;
  swept.add(key);
  return true;
}

/** What is wrong with the layout shown: overflow, parts of the header overlapping or outside the
 * window, controls of the header (and of the open menu) smaller than a fingertip. */
function layoutProblems(touch) {
  const TOUCH = 44;
  const problems = [];
  const width = window.innerWidth;
  const { scrollWidth } = document.documentElement;
  if (scrollWidth > width) problems.push(`the page is ${scrollWidth} px wide in a ${width} px window`);
  if (document.body.scrollWidth > width) problems.push(`the body is ${document.body.scrollWidth} px wide`);
  const name = (el) => el.getAttribute('data-testid') || el.getAttribute('aria-label') || `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}`;
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const bar = document.querySelector('[data-testid="top-bar"]');
  const parts = [...bar.querySelectorAll(':scope > .top-bar-start > *, :scope > .top-bar-actions > *')].filter(shown);
  const boxes = parts.map((el) => [el, el.getBoundingClientRect()]);
  for (const [i, [a, box]] of boxes.entries()) {
    if (box.left < 0 || box.right > width + 0.5) problems.push(`${name(a)} leaves the window (${Math.round(box.left)}–${Math.round(box.right)})`);
    for (const [b, other] of boxes.slice(i + 1)) {
      const apart = box.right <= other.left + 0.5 || other.right <= box.left + 0.5 || box.bottom <= other.top + 0.5 || other.bottom <= box.top + 0.5;
      if (!apart) problems.push(`${name(a)} overlaps ${name(b)}`);
    }
  }
  if (touch) {
    const menu = document.querySelector('[data-testid="menu-drawer"] [data-testid="side-menu"]');
    const controls = [bar, menu].filter(Boolean).flatMap((root) => [...root.querySelectorAll('a[href], button, [role="button"]')]);
    for (const control of controls.filter(shown)) {
      const box = control.getBoundingClientRect();
      if (box.width < TOUCH - 0.5 || box.height < TOUCH - 0.5) problems.push(`${name(control)} is ${Math.round(box.width)}x${Math.round(box.height)} px`);
    }
  }
  return problems;
}

/** What is wrong with the screen shown, each line naming it: the layout always, axe the first
 * time this screen is seen at this size. */
async function problemsOf(page, size, tenant, screen) {
  const problems = await page.evaluate(layoutProblems, true);
  const key = `${size} ${tenant} ${screen}`;
  if (!read.has(key)) {
    read.add(key);
    problems.push(...(await accessibilityProblems(page)).map((line) => `axe: ${line}`));
  }
  return problems.map((line) => `${key}: ${line}`);
}

/** Opens the menu's drawer from the burger and returns the paths of its entries. */
async function menuPaths(page) {
  await page.getByTestId('menu-burger').click();
  const menu = page.getByTestId('menu-drawer').getByTestId('side-menu');
  await menu.waitFor();
  await settled(page);
  const paths = await menu.locator('[data-menu-key]').evaluateAll((links) => links.map((a) => new URL(a.href).pathname));
  return paths;
}

describe('phones and tablets', { concurrency: 3 }, () => {
  for (const [size, viewport] of Object.entries(SIZES)) {
    for (const [tenant, who] of ROLES) {
      test(`${size}: ${tenant} ${who}, every screen of the menu`, async () => {
        const { context, page } = await openPage(live.browser, { viewport, hasTouch: true });
        const problems = [];
        const check = async (screen) => problems.push(...(await problemsOf(page, size, tenant, screen)));
        try {
          await signIn(context, live.server, tenant, `${who}@demo.it`);
          await page.goto(live.server.url(tenant, '/'));
          await page.getByTestId('top-bar').waitFor();
          await settled(page);
          const paths = await menuPaths(page);
          assert.ok(paths.length > 0, 'the drawer lists the menu');
          await check('menu drawer');
          await page.keyboard.press('Escape');
          await page.getByTestId('menu-drawer').getByTestId('side-menu').waitFor({ state: 'detached' });
          for (const path of new Set(['/', ...paths])) {
            if (path !== '/' && !claim(size, tenant, path)) continue;
            await navigate(page, path);
            await settled(page);
            await check(path);
          }
          for (const [list, row, detail] of DETAILS) {
            if (who !== 'admin' || !paths.includes(list)) continue;
            await navigate(page, list);
            await page.getByTestId(row).first().click();
            await page.waitForURL((url) => detail.test(url.pathname));
            await settled(page);
            await check(`${list} detail`);
          }
          assert.deepEqual(problems, []);
        } finally {
          await context.close();
        }
      });
    }
  }
});
