// Runs the browser journeys three files at a time, the longest first, each file a `node --test`
// process of its own. node's runner, given the files, starts them in name order whatever order
// they are given in: the longest file (the phone and tablet sweep) started near the end and kept
// the run going alone while the other slots sat idle. Files not named here follow in name order.
// Each file's report is printed whole when the file ends (TAP), then a summary of the run.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SLOTS = 3;
const LONGEST_FIRST = [
  'responsive', 'shell', 'accessibility', 'scaffolded-line', 'guards', 'premium', 'rental',
  'plates', 'issuing', 'claims', 'loans', 'pwa', 'chat', 'wording', 'records', 'policies',
  'people', 'withholding', 'cancellation', 'money', 'dunning',
];

const here = dirname(fileURLToPath(import.meta.url));
const rank = (name) => {
  const index = LONGEST_FIRST.indexOf(name.replace(/\.test\.mjs$/, ''));
  return index === -1 ? LONGEST_FIRST.length : index;
};
const files = readdirSync(here)
  .filter((name) => name.endsWith('.test.mjs'))
  .sort()
  .sort((a, b) => rank(a) - rank(b));

/** Runs one file; resolves with its counts once its report is printed. */
function runFile(name) {
  return new Promise((resolveFile) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--test', '--test-reporter=tap', join(here, name)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // one prepared database for the whole run (harness preparedData)
      env: { ...process.env, SPORTELLO_E2E_RUN: String(process.pid) },
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      const report = Buffer.concat(chunks).toString('utf8');
      const count = (key) => Number(report.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`# file ${name} (${seconds} s)\n${report}\n`);
      resolveFile({ name, seconds, pass: count('pass'), fail: count('fail'), ok: code === 0 && !signal });
    });
  });
}

const queue = [...files];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(SLOTS, queue.length) }, async () => {
    while (queue.length) results.push(await runFile(queue.shift()));
  }),
);
const failed = results.filter((result) => !result.ok);
const total = (key) => results.reduce((sum, result) => sum + result[key], 0);
console.log(`# files ${results.length}, tests passed ${total('pass')}, failed ${total('fail')}`);
for (const result of results) console.log(`#   ${result.ok ? 'ok' : 'FAILED'} ${result.name} (${result.seconds} s)`);
if (failed.length) console.log(`# failed files: ${failed.map((result) => result.name).join(', ')}`);
process.exit(failed.length ? 1 : 0);
