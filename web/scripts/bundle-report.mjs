// Bundle report: the JavaScript Chromium actually downloads, gzip-compressed (level 9), for
// the login screen (the shell's initial JavaScript), the logged-in shell and a product module.
// Needs the built shell and remotes (`npm run build`) and the Python venv; writes
// ../bench/web-bundle.md and prints the table.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchBrowser, LiveServer, login, openPage } from '../e2e/harness.mjs';
import { PACKAGES_FILE } from './chunk-packages.mjs';

export const INITIAL_BUDGET_KB = 180;
// Each file's gzip size is split between the packages its modules come from, in proportion to
// their parts minified and gzipped alone (dist/.vite/packages.json, from scripts/chunk-packages.mjs).
const GROUPS = [
  ['react-dom', /^(react-dom|scheduler)$/],
  ['react', /^react$/],
  ['@mantine/core and @mantine/hooks', /^@mantine\/(core|hooks)$/],
  ['react-router', /^(react-router|cookie|set-cookie-parser)$/],
  ['i18next + react-i18next', /^(i18next|react-i18next)$/],
  ['module federation runtime', /^@module-federation\//],
];
const SCREENS = /LoginPage|AuthLayout|PublicLayout|LoadingScreen/;
const OTHER = 'shell code and other packages';
const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const packagesOf = JSON.parse(readFileSync(join(web, 'dist', PACKAGES_FILE), 'utf8'));
const out = join(web, '..', 'bench', 'web-bundle.md');

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
  const add = (group, kb) => groups.set(group, (groups.get(group) ?? 0) + kb);
  for (const { path, gzip } of rows[0].sizes) {
    const kb = gzip / 1024;
    const packages = packagesOf[path.slice(1)];
    if (SCREENS.test(path)) add('login and loading screens', kb);
    else if (!packages) add(OTHER, kb);
    else {
      const total = Object.values(packages).reduce((sum, size) => sum + size, 0) || 1;
      for (const [name, size] of Object.entries(packages))
        add(GROUPS.find(([, pattern]) => pattern.test(name))?.[0] ?? OTHER, (kb * size) / total);
    }
  }
  const breakdown = [
    '| part of the initial JavaScript (each file split between its packages) | gzip KB |',
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
