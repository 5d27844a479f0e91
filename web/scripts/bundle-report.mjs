// Bundle report: the JavaScript Chromium actually downloads, gzip-compressed (level 9), for
// the login screen (the shell's initial JavaScript), the logged-in shell and a product module.
// Needs the built shell and remotes (`npm run build`) and the Python venv; writes
// ../bench/web-bundle.md and prints the table.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchBrowser, LiveServer, login, openPage } from '../e2e/harness.mjs';

export const INITIAL_BUDGET_KB = 250;
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
        return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
      }),
    );
    const sum = (key) => sizes.reduce((total, size) => total + size[key], 0) / 1024;
    return { files: sizes.length, raw: sum('raw'), gzip: sum('gzip'), paths: [...files] };
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
    if (process.env.VERBOSE) console.log(label, rows.at(-1).paths.join("\n"));
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
    await page.getByTestId('rental-quotes').locator('table').waitFor();
  });
  const initial = rows[0].gzip;
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

Initial JavaScript (login screen): **${initial.toFixed(1)} KB gzip**, ${verdict} the
${INITIAL_BUDGET_KB} KB budget.
`;
  writeFileSync(out, report);
  console.log(report);
  if (initial > INITIAL_BUDGET_KB) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
