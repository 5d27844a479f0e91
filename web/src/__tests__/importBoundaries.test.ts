/**
 * Restricted paths (in the spirit of bulletproof-react's `import/no-restricted-paths`), checked on
 * the sources so they stay true:
 * - features never import the app layer (`src/app`: the router and the shell's composition);
 * - product modules (`plugins/<name>/web/src`) import npm packages and `@sportello/host-api`,
 *   never the shell's sources, nor another plugin's;
 * - the host API package imports nothing of the shell.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ROOT = resolve(WEB, '..');
const SPECIFIER = /(?:import|export)\s[^;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx|mjs|js)$/.test(name) ? [path] : [];
  });
}

/** The import specifiers of a source text. */
export function specifiers(text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

interface Rule {
  name: string;
  files: string;
  /** Why the import of `target` (absolute for relative specifiers, else the bare name) is refused, or null. */
  refuse: (target: string, file: string) => string | null;
}

const inside = (path: string, folder: string) => !relative(folder, path).startsWith('..');

const RULES: Rule[] = [
  {
    name: 'features do not import the app layer',
    files: join(WEB, 'src/features'),
    refuse: (target) => (inside(target, join(WEB, 'src/app')) ? 'imports src/app' : null),
  },
  {
    name: 'the host API imports nothing of the shell',
    files: join(WEB, 'packages/host-api/src'),
    // a package's own file by path is no part of the shell (see DateField: the export map hides it)
    refuse: (target) =>
      target.startsWith('/') && !inside(target, join(WEB, 'packages/host-api')) && !inside(target, join(WEB, 'node_modules'))
        ? 'reaches outside the package'
        : null,
  },
  ...readdirSync(join(ROOT, 'plugins'))
    .filter((name) => existsSync(join(ROOT, 'plugins', name, 'web', 'src')))
    .map(
      (name): Rule => ({
        name: `the ${name} module imports only packages and the host API`,
        files: join(ROOT, 'plugins', name, 'web', 'src'),
        refuse: (target) =>
          target.startsWith('/') && !inside(target, join(ROOT, 'plugins', name, 'web')) ? 'reaches outside its module' : null,
      }),
    ),
];

export function violations(rule: Rule, files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    specifiers(text).flatMap((spec) => {
      const target = spec.startsWith('.') ? resolve(dirname(path), spec) : spec;
      const why = rule.refuse(target, path);
      return why ? [`${relative(ROOT, path)}: '${spec}' ${why}`] : [];
    }),
  );
}

describe('import boundaries', () => {
  it.each(RULES.map((rule) => [rule.name, rule] as const))('%s', (_name, rule) => {
    const files = sources(rule.files).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
    expect(files.length).toBeGreaterThan(0);
    expect(violations(rule, files)).toEqual([]);
  });

  it('sees a violation when there is one', () => {
    const features = RULES[0]!;
    const file = join(WEB, 'src/features/x/Page.tsx');
    const text = "import { useSession } from '../../session/context';\nimport App from '../../app/App';\nconst lazy = import('../../app/routes');";
    expect(violations(features, [{ path: file, text }])).toEqual([
      "web/src/features/x/Page.tsx: '../../app/App' imports src/app",
      "web/src/features/x/Page.tsx: '../../app/routes' imports src/app",
    ]);
    const plugin = RULES.find((rule) => rule.name.startsWith('the noleggio_auto'))!;
    const module = join(ROOT, 'plugins/noleggio_auto/web/src/list/Page.tsx');
    const imports = "import type { HostContext } from '../../../../web/src/federation/contract';\nimport { useHost } from '@sportello/host-api';\nimport Row from './Row';";
    expect(violations(plugin, [{ path: module, text: imports }])).toEqual([
      "plugins/noleggio_auto/web/src/list/Page.tsx: '../../../../web/src/federation/contract' reaches outside its module",
    ]);
  });
});
