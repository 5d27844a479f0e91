// Writes core/tabler_icons.txt: the Tabler icon names of the web app's @tabler/icons-react, which
// the server checks plugin icons against when it loads them. Run after upgrading the package:
//   node scripts/tabler_icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const icons = join(repo, 'web', 'node_modules', '@tabler', 'icons-react');
const { version } = JSON.parse(readFileSync(join(icons, 'package.json'), 'utf8'));
const { default: list } = await import(join(icons, 'dist', 'esm', 'icons-list.mjs'));
const header = [
  `# Tabler icon names of @tabler/icons-react ${version}, the web app's: one a line.`,
  '# Written by scripts/tabler_icons.mjs; tests/meta/test_tabler_icons.py keeps it equal to the installed package.',
];
writeFileSync(join(repo, 'core', 'tabler_icons.txt'), [...header, ...[...list].sort(), ''].join('\n'));
