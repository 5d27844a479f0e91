/**
 * Product modules get Mantine and react-router from the shell, tree-shaken to MODULE_EXPORTS
 * (src/federation/shares/). A module importing anything else would find it missing at runtime,
 * so this test refuses it: in the modules' sources and in the host API's, which each module
 * bundles through the package's index (its line components, inputs and rows).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MODULE_EXPORTS, SHARED_SINGLETONS } from '../../federation/shared.mjs';

const plugins = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'plugins');
const hostApi = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'host-api', 'src');

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx|js|jsx|mjs)$/.test(name) ? [path] : [];
  });
}

const moduleSources = readdirSync(plugins)
  .map((name) => join(plugins, name, 'web', 'src'))
  .filter((folder) => {
    try {
      return statSync(folder).isDirectory();
    } catch {
      return false;
    }
  })
  .flatMap(sources);

/**
 * The host API's sources a module may bundle: all but its tests and the entries modules do not
 * import from the index (DateField, see below; the test helpers, which run in Node only).
 */
const hostApiSources = sources(hostApi).filter((path) => {
  const where = relative(hostApi, path);
  return !where.startsWith('__tests__') && where !== 'DateField.tsx' && where !== 'testing.ts';
});

export function importsFrom(code: string, pkg: string): { names: string[]; namespace: boolean } {
  const names: string[] = [];
  let namespace = false;
  const quoted = pkg.replace(/[/@.-]/g, (c) => `\\${c}`);
  const statement = new RegExp(`import\\s+(type\\s+)?([^;]*?)\\s+from\\s+['"]${quoted}['"]`, 'g');
  for (const match of code.matchAll(statement)) {
    if (match[1]) continue; // type-only
    const clause = match[2]!;
    if (clause.includes('*')) namespace = true;
    const braces = clause.match(/\{([^}]*)\}/);
    if (braces) {
      for (const part of braces[1]!.split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!;
        if (name && !part.trim().startsWith('type ')) names.push(name);
      }
    }
  }
  return { names, namespace };
}

describe('shared surface of product modules', () => {
  it('finds the modules and the host API', () => {
    expect(moduleSources.some((path) => path.includes('noleggio_auto'))).toBe(true);
    expect(hostApiSources.some((path) => path.endsWith('ConsultancySlider.tsx'))).toBe(true);
  });

  it('reads named, aliased, type-only and namespace imports', () => {
    const code = "import { Table, type MantineTheme, Text as T } from '@mantine/core';\nimport * as M from '@mantine/core';";
    expect(importsFrom(code, '@mantine/core')).toEqual({ names: ['Table', 'Text'], namespace: true });
  });

  for (const [pkg, allowed] of Object.entries(MODULE_EXPORTS)) {
    it(`modules import from ${pkg} only what the shell provides`, () => {
      expect(SHARED_SINGLETONS).toContain(pkg);
      const problems = [...moduleSources, ...hostApiSources].flatMap((path) => {
        const { names, namespace } = importsFrom(readFileSync(path, 'utf8'), pkg);
        const where = relative(join(plugins, '..'), path);
        return [
          ...(namespace ? [`${where}: import * from ${pkg}`] : []),
          ...names.filter((name) => !allowed.includes(name)).map((name) => `${where}: ${name}`),
        ];
      });
      expect(problems, `add these to MODULE_EXPORTS in web/federation/shared.mjs`).toEqual([]);
    });
  }

  it("modules leave out the host API's calendar field, whose Mantine parts are not shared", () => {
    const importing = moduleSources
      .filter((path) => /from\s+['"]@sportello\/host-api\/DateField['"]/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(plugins, path));
    expect(importing).toEqual([]);
  });
});
