/**
 * Every product module builds the same way, with web/federation/productModule.mjs, under the name
 * the server serves it by (its plugin's package): the modules in plugins/, the example line and
 * the template `sportello new-line` writes a line's module from. None keeps a copy of the
 * configuration.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const HELPER = join(ROOT, 'web/federation/productModule.mjs');

/** Each module's vite.config and the name it must build under. */
function configs(): { file: string; name: string }[] {
  const inPlugins = readdirSync(join(ROOT, 'plugins'))
    .map((name) => ({ file: join(ROOT, 'plugins', name, 'web/vite.config.ts'), name }))
    .filter(({ file }) => existsSync(file));
  const examples = readdirSync(join(ROOT, 'examples'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => readdirSync(join(ROOT, 'examples', entry.name)).map((pkg) => ({ file: join(ROOT, 'examples', entry.name, pkg, 'web/vite.config.ts'), name: pkg })))
    .filter(({ file }) => existsSync(file));
  const template = { file: join(ROOT, 'core/scaffold/template/_pkg_/web/vite.config.ts.tmpl'), name: '@@PKG@@' };
  return [...inPlugins, ...examples, template];
}

describe('product module builds', () => {
  const found = configs();

  it('finds both product lines, the example line and the template', () => {
    const names = found.map(({ name }) => name);
    expect(names).toEqual(expect.arrayContaining(['noleggio_auto', 'prestiti', 'tutela_legale', '@@PKG@@']));
  });

  it.each(found.map(({ file, name }) => [relative(ROOT, file), name, file] as const))(
    '%s is productModuleConfig(%s) and nothing else',
    (_where, name, file) => {
      const code = readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '').trim();
      const imported = /^import \{ productModuleConfig \} from '([^']+)';/.exec(code)?.[1] ?? '';
      const target = imported.replace('@@SHELL_WEB@@', relative(dirname(file), join(ROOT, 'web')));
      expect(resolve(dirname(file), target)).toBe(HELPER);
      expect(code.replace(/^import[^;]*;/, '').trim()).toBe(`export default productModuleConfig('${name}');`);
    },
  );
});
