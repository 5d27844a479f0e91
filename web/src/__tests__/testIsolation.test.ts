/**
 * `npm test` runs most test files in one module graph per worker (vitest.config.ts): a file that
 * replaces a module or a global there would change what the next file imports. Such a file must
 * be listed in ISOLATED_FILES, which run each in a graph of its own.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ISOLATED_FILES } from '../../vitest.config';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// vi's replacements, and the layout stubs (a window's size and matchMedia for the whole graph)
const REPLACES = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)\(|\bstubLayoutApis\(/;

function testFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = [join(WEB, 'src'), join(WEB, 'packages')].flatMap(testFiles);
const pluginWeb = join(WEB, '..', 'plugins');
for (const plugin of readdirSync(pluginWeb)) {
  const src = join(pluginWeb, plugin, 'web', 'src');
  try {
    files.push(...testFiles(src));
  } catch {
    /* a line without a web module */
  }
}

describe('test isolation', () => {
  it('lists every test file that replaces a module or a global', () => {
    const replacing = files.filter((file) => REPLACES.test(readFileSync(file, 'utf8'))).map((file) => relative(WEB, file));
    expect(replacing.length).toBeGreaterThan(0);
    expect(replacing.filter((file) => !ISOLATED_FILES.includes(file))).toEqual([]);
  });

  it('lists only files that exist', () => {
    const known = new Set(files.map((file) => relative(WEB, file)));
    expect(ISOLATED_FILES.filter((file) => !known.has(file))).toEqual([]);
  });
});
