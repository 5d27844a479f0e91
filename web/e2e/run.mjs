// Runs the browser journeys three files at a time, the longest first: each file runs its suites
// one after another, and a long file started last kept the run going while the other two slots
// sat idle. Files not named here follow in name order.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LONGEST_FIRST = [
  'responsive', 'shell', 'accessibility', 'scaffolded-line', 'guards', 'premium', 'rental',
  'plates', 'issuing', 'claims', 'loans', 'pwa', 'chat', 'wording', 'records', 'policies',
  'people', 'withholding', 'cancellation', 'money', 'dunning',
];

const here = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(here).filter((name) => name.endsWith('.test.mjs')).sort();
const rank = (name) => {
  const index = LONGEST_FIRST.indexOf(name.replace(/\.test\.mjs$/, ''));
  return index === -1 ? LONGEST_FIRST.length : index;
};
files.sort((a, b) => rank(a) - rank(b));
const run = spawnSync(process.execPath, ['--test', '--test-concurrency=3', ...files.map((name) => join(here, name))], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
