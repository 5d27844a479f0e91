// Phones and tablets: every screen of every demo role at 390x844 and 768x1024. The routes come
// from the menu the app shows each role (its drawer, on these sizes), so a new menu entry is
// swept too, and every role's every path is swept (an agent's Report is not an admin's), plus a
// quote, a policy, a client, a claim and a product opened from the demo data by the admins. On
// each: nothing wider than the window (the document and the body), the header's parts apart from
// one another and inside the window, the header's and the menu's controls 44 px or more, and
// axe-core finding nothing serious or critical; on a phone, besides, every control of the page
// area 44 px or more too (app/touch.css; the count measured is printed for each role) and nothing
// in the page area scrolling sideways in its own box (a table, a code block) unless marked
// `data-scroll-ok`.
//
// What it costs: each role signs in once (one token for both sizes), and each (role, size) is one
// page, started once, moving from screen to screen with the app's own router (no reload, which
// would download and start the app and sync its data again), each screen waited for on what it
// shows and asks (harness `settled`), never on a fixed pause.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import { accessibilityProblems, liveSuite, navigate, openPage, PASSWORD, settled, test } from './harness.mjs';

const live = liveSuite();

const SIZES = { phone: { width: 390, height: 844 }, tablet: { width: 768, height: 1024 } };

/** The longest first (the most entries): the three slots end together. */
const ROLES = [
  ['assicurapp', 'admin'],
  ['assicurapp', 'agente'],
  ['assicurapp', 'responsabile'],
  ['rcadealer', 'admin'],
  ['rcadealer', 'agente'],
  ['assicurapp', 'segnalatore'],
  ['assicurapp', 'subagente'],
  ['assicurapp', 'dipendente'],
];

/** A detail page of each main kind: the list it is opened from, the row to open and, where the
 * row itself does not open it, what in the row does (a product: the name's link, of a product
 * with companies, so its companies' editor shows them). */
const DETAILS = [
  ['/preventivi', 'quote-row', /^\/preventivi\/[^/]+$/],
  ['/polizze', 'policy-row', /^\/polizza\/[^/]+$/],
  ['/clienti', 'client-row', /^\/clienti\/[^/]+$/],
  ['/sinistri', 'claim-row', /^\/sinistri\/[^/]+$/],
  ['/prodotti', 'product-row', /^\/prodotti\/[^/]+$/, (rows, page) => rows.filter({ has: page.getByTestId('product-companies').locator('.mantine-Badge-root') }).getByRole('link')],
];

/** The screens axe has read on the tablet, by tenant (see the sweep's comment). */
const readOnTablet = new Set();

/** Each role's login token, asked once for both sizes. */
const tokens = new Map();
function tokenOf(tenant, who) {
  const key = `${tenant} ${who}`;
  if (!tokens.has(key)) {
    tokens.set(
      key,
      live.server.api(tenant, '/api/auth/login', { method: 'POST', json: { email: `${who}@demo.it`, password: PASSWORD } }).then(async (answer) => {
        if (answer.status !== 200) throw new Error(`${who}@demo.it could not log in: ${answer.status} ${answer.text}`);
        return (await answer.json()).token;
      }),
    );
  }
  return tokens.get(key);
}

/** What is wrong with the layout shown: overflow, parts of the header overlapping or outside the
 * window, controls of the header (and of the open menu) smaller than a fingertip; with `boxes`
 * (the phone), controls of the page area smaller than a fingertip and an element of the page
 * area scrolling sideways in its own box (not marked `data-scroll-ok`), text cut short in a card
 * that takes its content's height. With the problems, how
 * many controls of the page area it measured. */
function layoutProblems(boxes) {
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
  const rects = parts.map((el) => [el, el.getBoundingClientRect()]);
  for (const [i, [a, box]] of rects.entries()) {
    if (box.left < 0 || box.right > width + 0.5) problems.push(`${name(a)} leaves the window (${Math.round(box.left)}–${Math.round(box.right)})`);
    for (const [b, other] of rects.slice(i + 1)) {
      const apart = box.right <= other.left + 0.5 || other.right <= box.left + 0.5 || box.bottom <= other.top + 0.5 || other.bottom <= box.top + 0.5;
      if (!apart) problems.push(`${name(a)} overlaps ${name(b)}`);
    }
  }
  const menu = document.querySelector('[data-testid="menu-drawer"] [data-testid="side-menu"]');
  const controls = [bar, menu].filter(Boolean).flatMap((root) => [...root.querySelectorAll('a[href], button, [role="button"]')]);
  for (const control of controls.filter(shown)) {
    const box = control.getBoundingClientRect();
    if (box.width < TOUCH - 0.5 || box.height < TOUCH - 0.5) problems.push(`${name(control)} is ${Math.round(box.width)}x${Math.round(box.height)} px`);
  }
  const main = document.querySelector('[data-testid="page"]');
  let checked = 0;
  if (boxes && main && !menu) {
    // every control of the page area, 44 px each way: a checkbox, a radio or a switch with its
    // labels, which are clicked as well (a switch's own input is hidden, its track a label).
    // Exempt: a link within a sentence or a block of text (WCAG 2.5.5's inline exception) and
    // what does not show (hidden, in a closed part, or moved off the screen for screen readers);
    // not measured behind the open menu (the page is measured on its own screen)
    const CONTROLS = 'button, [role="button"], a[href], input:not([type="hidden"]), select, textarea, [role="tab"], [role="radio"], [role="switch"], [role="checkbox"], summary';
    const inline = (el) => {
      if (el.tagName !== 'A' || el.matches('.mantine-Button-root, .mantine-ActionIcon-root, .mantine-UnstyledButton-root')) return false;
      if (getComputedStyle(el).display !== 'inline') return false;
      const text = (node) => node !== el && (node.nodeType === 3 ? node.textContent.trim() !== '' : node.nodeType === 1 && !node.contains(el) && node.textContent.trim() !== '');
      // inline when text of its own sits beside it in the block it flows in
      for (let block = el.parentElement; block && block !== main; block = block.parentElement) {
        if ([...block.childNodes].some(text)) return true;
        if (getComputedStyle(block).display !== 'inline') return false;
      }
      return false;
    };
    for (const control of main.querySelectorAll(CONTROLS)) {
      const choice = control.matches('input[type="checkbox"], input[type="radio"]');
      const targets = [control, ...(choice ? control.labels : [])].filter((el) => el.checkVisibility({ checkVisibilityCSS: true }));
      const boxesOf = targets.map((el) => el.getBoundingClientRect()).filter((box) => box.width > 1 && box.height > 1 && box.right > 0 && box.bottom > 0 && box.left < width);
      if (!boxesOf.length || inline(control) || control.closest('[aria-hidden="true"], [inert]')) continue;
      checked += 1;
      const w = Math.max(...boxesOf.map((b) => b.right)) - Math.min(...boxesOf.map((b) => b.left));
      const h = Math.max(...boxesOf.map((b) => b.bottom)) - Math.min(...boxesOf.map((b) => b.top));
      if (w < TOUCH - 0.5 || h < TOUCH - 0.5) problems.push(`${name(control)} is ${Math.round(w)}x${Math.round(h)} px`);
    }
  }
  if (boxes && main) {
    for (const el of main.querySelectorAll('*')) {
      if (el.scrollWidth <= el.clientWidth + 1 || el.hasAttribute('data-scroll-ok')) continue;
      const overflow = getComputedStyle(el).overflowX;
      if (overflow === 'auto' || overflow === 'scroll') problems.push(`${name(el)} scrolls sideways in its box (${el.scrollWidth} px in ${el.clientWidth})`);
    }
    // a measured card holds its words whole: a status badge, a long name, nothing cut with '…'
    for (const el of main.querySelectorAll('.sp-cards > .sp-row[data-index] *')) {
      if (el.scrollWidth <= el.clientWidth + 1 || getComputedStyle(el).textOverflow !== 'ellipsis') continue;
      problems.push(`"${el.textContent.trim()}" is cut in a card (${el.scrollWidth} px in ${el.clientWidth})`);
    }
  }
  return { problems, checked };
}

/**
 * What axe reads in the page area, as one string: each element's tag and attributes (the ids
 * React and Mantine generate, which follow the order of rendering, made equal), its own text,
 * whether it shows and scrolls in its box, its colours and its type's size and weight. Two
 * screens with the same print are one reading for axe's WCAG 2.1 A/AA rules: names, roles,
 * labels, structure and contrast come from these, not from the window's width.
 */
function screenPrint() {
  const main = document.querySelector('[data-testid="page"]');
  if (!main) return '';
  const generated = /mantine-[\w-]+|«r\w+»|:r\w+:|__m__-\w+/g;
  const lines = [];
  for (const el of [main, ...main.querySelectorAll('*')]) {
    const attributes = [...el.attributes].map((a) => `${a.name}=${a.value.replace(generated, '#')}`).join(' ');
    const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join(' ');
    const style = getComputedStyle(el);
    const shown = el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
    // a box scrolls to axe (whose keyboard must reach it) when its overflow lets it
    const scrollable = /auto|scroll/.test(style.overflowX + style.overflowY);
    const scrolls = scrollable && (el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
    lines.push(`${el.tagName} ${attributes} "${text}" ${shown} ${scrolls} ${style.color} ${style.backgroundColor} ${style.fontSize} ${style.fontWeight}`);
  }
  return lines.join('\n');
}

/** Opens the menu's drawer from the burger and returns the paths of its entries. */
async function menuPaths(page) {
  await page.getByTestId('menu-burger').click();
  const menu = page.getByTestId('menu-drawer').getByTestId('side-menu');
  await menu.waitFor();
  await settled(page);
  return menu.locator('[data-menu-key]').evaluateAll((links) => links.map((a) => new URL(a.href).pathname));
}

/** Opens the running app at `path` in each page (both at once), once it has settled. */
async function goEach(pages, path) {
  await Promise.all(pages.map(async (page) => {
    await navigate(page, path);
    await settled(page);
  }));
}

// axe reads every role's every screen on the phone. On the tablet the page area is the phone's
// markup but where the width changes it (screenPrint): a list that is a table there and cards on
// the phone, the chat's two panes, a tab bar that no longer scrolls. Those forms follow the width,
// not the role (a role's own columns and fields are on its phone cards, read there), so axe reads
// a tablet screen only where its print differs from the phone's, once per tenant and path, by the
// first role to reach it. The top bar, whose parts change with the width, is read at both sizes
// for every role, on the home and with the menu's drawer open; elsewhere it differs from the
// home's only by its title's words, read on the phone, in type no smaller on the tablet.
describe('phones and tablets', { concurrency: 2 }, () => { // two pages each: 3 at once overloaded two cores beside the other files
  for (const [tenant, who] of ROLES) {
    test(`${tenant} ${who}: every screen of the menu, on a phone and a tablet`, async () => {
      const contexts = [];
      const pages = [];
      const problems = [];
      try {
        const token = await tokenOf(tenant, who);
        // a context for each size: two pages of one context ran as a window in front and one
        // behind, whose idle callbacks (harness `settled`) waited for seconds
        for (const [size, viewport] of Object.entries(SIZES)) {
          const { context, page } = await openPage(live.browser, { viewport, hasTouch: true });
          contexts.push(context);
          await context.addCookies([{ name: 't', value: token, url: live.server.url(tenant) }]);
          page.size = size;
          pages.push(page);
        }
        const [phone, tablet] = pages;
        const prints = new Map();
        let controls = 0;
        /** Whether axe reads `screen` on the tablet: always (the home, the drawer), else where
         * its page area differs from the phone's and no other role has had it read there. */
        const readsOnTablet = async (screen, always) => {
          if (always) return true;
          if (readOnTablet.has(`${tenant} ${screen}`)) return false;
          if (prints.get(screen) === (await tablet.evaluate(screenPrint))) return false;
          readOnTablet.add(`${tenant} ${screen}`);
          return true;
        };
        /** The layout and, unless the phone's reading stands for it, axe's reading of the screen
         * shown in `page`, each line naming the size, role and screen. */
        const check = async (page, screen, always = false) => {
          const { problems: lines, checked } = await page.evaluate(layoutProblems, page === phone);
          controls += checked;
          if (page === phone && !readOnTablet.has(`${tenant} ${screen}`)) prints.set(screen, await phone.evaluate(screenPrint));
          if (page === phone || (await readsOnTablet(screen, always))) {
            lines.push(...(await accessibilityProblems(page)).map((line) => `axe: ${line}`));
          }
          problems.push(...lines.map((line) => `${page.size} ${tenant} ${who} ${screen}: ${line}`));
        };
        // one page started at a time: three slots starting two apps each at once, on a busy
        // machine, kept the top bar from showing within 30 s
        for (const page of pages) {
          await page.goto(live.server.url(tenant, '/'));
          await page.getByTestId('top-bar').waitFor();
          await settled(page);
        }
        const [paths, tabletPaths] = await Promise.all(pages.map(menuPaths));
        assert.ok(paths.length > 0, 'the drawer lists the menu');
        assert.deepEqual(tabletPaths, paths, 'the same menu at both sizes');
        for (const page of pages) {
          await check(page, 'menu drawer', true);
          await page.keyboard.press('Escape');
          await page.getByTestId('menu-drawer').getByTestId('side-menu').waitFor({ state: 'detached' });
        }
        for (const path of new Set(['/', ...paths])) {
          await goEach(pages, path);
          await check(phone, path);
          await check(tablet, path, path === '/');
        }
        for (const [list, row, detail, opener = (rows) => rows] of DETAILS) {
          if (who !== 'admin' || !paths.includes(list)) continue;
          await goEach(pages, list);
          await Promise.all(pages.map(async (page) => {
            await opener(page.getByTestId(row), page).first().click();
            await page.waitForURL((url) => detail.test(url.pathname));
            await settled(page);
          }));
          await check(phone, `${list} detail`);
          await check(tablet, `${list} detail`);
        }
        // the page area's controls the phone has measured, so a sweep that measured nothing shows
        console.log(`${tenant} ${who}: ${controls} controls of the page area measured on the phone, ${problems.length} problems`);
        assert.ok(controls > 0, 'the phone measured the page area\'s controls');
        assert.deepEqual(problems, []);
      } finally {
        await Promise.all(contexts.map((context) => context.close()));
      }
    });
  }
});
