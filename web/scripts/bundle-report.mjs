// Bundle report: the JavaScript Chromium actually downloads, gzip-compressed (level 9), for
// the login screen (the shell's initial JavaScript), the logged-in shell and a product module.
// Needs the built shell and remotes (`npm run build`) and the Python venv; writes
// ../bench/web-bundle.md and prints the table.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchBrowser, LiveServer, login, openPage } from '../e2e/harness.mjs';

export const INITIAL_BUDGET_KB = 230;
const GROUPS = [
  ['react-dom', /react_mf_2_dom/],
  ['@mantine/core (tree-shaken share)', /mantine_mf_1_core/],
  ['react-router (tree-shaken share)', /react_mf_2_router/],
  ['i18next + react-i18next', /i18next/],
  ['react', /loadShare__react(_mf_1_jsx_mf_2_runtime)?__loadShare__/],
  ['module federation runtime', /remoteEntry|utils-|hostInit|loadShare__shared|localSharedImportMap|pendingShares|mf-entry-bootstrap|helpers-|preload-helper/],
  ['login and loading screens', /LoginPage|AuthLayout|PublicLayout|LoadingScreen/],
];
const out = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bench', 'web-bundle.md');

function collector(page) {
  const files = new Set();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') files.add(new URL(response.url()).pathname);
  });
  return async () => {
    const sizes = await Promise.all(
      // each file as the server sends it (fetched again: bodies vanish on navigation)
      [...files].map(async (path) => {
        const body = Buffer.from(await server.file(path));
        const size = { path, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
        if (process.env.VERBOSE) console.log(`${(size.gzip / 1024).toFixed(1).padStart(7)}  ${path}`);
        return size;
      }),
    );
    const sum = (key) => sizes.reduce((total, size) => total + size[key], 0) / 1024;
    return { files: sizes.length, raw: sum('raw'), gzip: sum('gzip'), sizes };
  };
}

const server = await LiveServer.start();
const browser = await launchBrowser();
try {
  const rows = [];
  const measure = async (label, steps) => {
    const { context, page } = await openPage(browser);
    const total = collector(page);
    await steps(page);
    await page.waitForLoadState('networkidle');
    rows.push({ label, ...(await total()) });
    await context.close();
  };
  await measure('Login screen (initial JavaScript)', async (page) => {
    await page.goto(server.url('assicurapp', '/login'));
    await page.getByRole('button', { name: 'Accedi' }).waitFor();
  });
  await measure('Logged-in shell (admin, home)', async (page) => login(page, server, 'assicurapp', 'admin@demo.it'));
  await measure('… plus the car-rental module', async (page) => {
    await login(page, server, 'assicurapp', 'admin@demo.it');
    await page.goto(server.url('assicurapp', '/noleggio-auto'));
    await page.getByTestId('rental-quotes').getByRole('table').waitFor();
  });
  const initial = rows[0].gzip;
  const groups = new Map();
  for (const { path, gzip } of rows[0].sizes) {
    const group = GROUPS.find(([, pattern]) => pattern.test(path))?.[0] ?? 'shell code and socketcluster-client';
    groups.set(group, (groups.get(group) ?? 0) + gzip / 1024);
  }
  const breakdown = [
    '| part of the initial JavaScript | gzip KB |',
    '|---|---:|',
    ...[...groups].sort((a, b) => b[1] - a[1]).map(([group, kb]) => `| ${group} | ${kb.toFixed(1)} |`),
  ].join('\n');
  const table = [
    '| page | JS files | raw KB | gzip KB |',
    '|---|---:|---:|---:|',
    ...rows.map((r) => `| ${r.label} | ${r.files} | ${r.raw.toFixed(1)} | ${r.gzip.toFixed(1)} |`),
  ].join('\n');
  const verdict = initial <= INITIAL_BUDGET_KB ? 'within' : 'OVER';
  const report = `# Web bundle report

Measured in Debian's Chromium against a live server: every JavaScript file the browser
downloads, gzip-compressed at level 9. Regenerate with \`make bench-web\`.

${table}

${breakdown}

Initial JavaScript (login screen): **${initial.toFixed(1)} KB gzip**, ${verdict} the
${INITIAL_BUDGET_KB} KB budget.
`;
  writeFileSync(out, report);
  console.log(report);
} finally {
  await browser.close();
  await server.stop();
}
