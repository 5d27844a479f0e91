// End-to-end over a line nobody wrote by hand: `sportello new-line` writes it into a temporary
// folder, it is installed (editable, as docs/new-line.md does) into an environment layered over
// the project's, not into .venv where core's tests would meet it, offered by one tenant in a
// tenants file of the run's own, and its web module built as its author builds it (`npm run
// build` in its web folder). In the browser its list shows the practices its demo hook seeds,
// follows a colleague's new and changed practice with no reload, and leaves, menu entry and
// list, when the tenant's admin switches the line off.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe } from 'node:test';
import { allDone, launchBrowser, LiveServer, login, openPage, signIn, test } from './harness.mjs';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const LINE = 'linea-prova';
const LABEL = 'Linea prova'; // the scaffold's label for the name
const PKG = 'linea_prova';
const TENANT = 'assicurapp'; // offers the line (tests/plugins/scaffolded_line.py)
/** What the line's demo hook seeds (demo.py): the agent's two and the sub-agent's one. */
const DEMO = ['Prima pratica di prova', 'Seconda pratica di prova', 'Pratica del subagente'];
const run = promisify(execFile);

/** The line scaffolded, installed and offered in `folder`: its commands and paths. */
async function scaffoldLine(folder) {
  const python = join(REPO, '.venv', 'bin', 'python');
  const { stdout } = await run(python, ['-m', 'tests.plugins.scaffolded_line', folder, LINE], { cwd: REPO });
  return JSON.parse(stdout);
}

/** The line's web module, built into its web/dist as its author builds it. */
async function buildModule(web) {
  try {
    await run('npm', ['run', '--silent', 'build'], { cwd: web, maxBuffer: 10 * 1024 * 1024 });
  } catch (error) {
    throw new Error(`the line's web module did not build:\n${error.stdout}\n${error.stderr}`);
  }
}

const folder = mkdtempSync(join(tmpdir(), 'sportello-line-'));
const live = { server: null, browser: null };
before(async () => {
  const browser = launchBrowser().then((started) => (live.browser = started));
  const line = scaffoldLine(folder);
  // the server serves the module's files as they are on disk: it starts while the module builds
  const served = line.then(({ sportello, tenants }) =>
    LiveServer.start({ sportello, tenantsFile: tenants }).then((started) => (live.server = started)),
  );
  await allDone([browser, served, line.then(({ web }) => buildModule(web))]);
});
after(async () => {
  await live.browser?.close();
  await live.server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('a line written by `sportello new-line`', () => {
  test('lists its demo practices, follows a colleague live, and leaves when switched off', async () => {
    const admin = await openPage(live.browser);
    const colleague = await openPage(live.browser);
    try {
      const list = admin.page;
      const rows = list.getByTestId(`${PKG}-row`);
      await login(list, live.server, TENANT, 'admin@demo.it');
      const entry = list.locator(`[data-menu-key="${LINE}"]`);
      assert.equal((await entry.textContent()).trim(), LABEL);
      await entry.click();
      await rows.first().waitFor();
      // the practices the demo hook seeded, synced from the line's stream (the admin sees all)
      assert.deepEqual((await rows.locator('a').allTextContents()).sort(), [...DEMO].sort());
      await list.evaluate(() => (window.stillOpen = true)); // gone if the page reloads

      // an agent creates a practice, then closes it: the admin's open list follows both
      const NEW = 'Pratica aperta da un collega';
      await signIn(colleague.context, live.server, TENANT, 'agente@demo.it');
      await colleague.page.goto(live.server.url(TENANT, `/${LINE}`));
      await colleague.page.getByTestId(`${PKG}-new-title`).fill(NEW);
      await colleague.page.getByTestId(`${PKG}-create`).click();
      await colleague.page.getByText('Pratica creata').waitFor();
      const added = rows.filter({ hasText: NEW });
      await added.filter({ hasText: 'Aperta' }).waitFor({ timeout: 10_000 });
      await colleague.page.getByRole('link', { name: NEW }).click();
      await colleague.page.getByRole('button', { name: 'Passa a «Chiusa»' }).click();
      await added.filter({ hasText: 'Chiusa' }).waitFor({ timeout: 10_000 });
      assert.equal(await rows.count(), DEMO.length + 1);
      assert.equal(await list.evaluate(() => window.stillOpen), true);
      await list.screenshot({ path: `${process.env.E2E_SHOTS ?? '/tmp'}/scaffolded-line-live.png` });

      // the admin switches the line off in another tab (the same login): the list, its menu
      // entry and its route leave, on the admin's screen and on the agent's
      const settings = await admin.context.newPage();
      await settings.goto(live.server.url(TENANT, '/impostazioni?tab=prodotti'));
      const line = settings.getByRole('switch', { name: LABEL });
      await line.waitFor();
      await line.click({ force: true }); // the track covers the input; the server's answer sets it
      await settings.locator(`[data-testid="line-${LINE}"]:not(:checked)`).waitFor();
      await rows.first().waitFor({ state: 'detached', timeout: 10_000 });
      await entry.waitFor({ state: 'detached', timeout: 10_000 });
      await list.getByTestId('not-found').waitFor();
      await colleague.page.getByTestId(`${PKG}-detail`).waitFor({ state: 'detached', timeout: 10_000 });
      await colleague.page.locator(`[data-menu-key="${LINE}"]`).waitFor({ state: 'detached', timeout: 10_000 });
      assert.deepEqual([...list.errors, ...colleague.page.errors], []);
    } finally {
      await admin.context.close();
      await colleague.context.close();
    }
  });
});
