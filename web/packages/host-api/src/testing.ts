/**
 * What every product module's own tests check of it, for its `__tests__/module.test.ts`: the
 * contract the shell checks, its routes, the same keys in Italian and English, and a translation
 * for every key its screens use. `@sportello/host-api/testing` runs under Vitest in Node (it reads
 * the module's sources): tests import it, a module's screens never do.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractProblems, translationKeys, type ProductModule } from './contract';

/** The module's sources under `folder` (its `src`), its tests left out. */
export function moduleSources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === '__tests__' ? [] : moduleSources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The translation keys the sources under `folder` use: keys given to `t()` literally, and the
 * message keys its checks return as quoted text under the groups `messages` ('errors.amount').
 */
export function usedTranslationKeys(folder: string, messages: readonly string[] = ['errors']): Set<string> {
  const message = new RegExp(`'((?:${messages.join('|')})\\.\\w+)'`, 'g');
  const keys = new Set<string>();
  for (const path of moduleSources(folder)) {
    const code = readFileSync(path, 'utf8');
    for (const match of code.matchAll(/\bt\('([\w.]+)'/g)) keys.add(match[1]!);
    for (const match of code.matchAll(message)) keys.add(match[1]!);
  }
  return keys;
}

export interface ModuleContract {
  module: ProductModule;
  /** The module's `src` folder. */
  folder: string;
  /** Its routes in order: their paths, 'index' for the index route. */
  routes: string[];
  /** The groups of message keys its checks return as text (default: errors). */
  messages?: string[];
}

/** The tests of a module's contract (`describe(title)`): accepted by the shell, its routes, its translations. */
export function describeModuleContract(title: string, { module, folder, routes, messages }: ModuleContract): void {
  const { it: italian, en: english } = module.translations;
  describe(title, () => {
    it('is one the shell accepts', () => {
      expect(contractProblems(module)).toEqual([]);
    });

    it(`routes ${routes.join(', ')}`, () => {
      expect(module.routes.map((route) => (route.index ? 'index' : route.path))).toEqual(routes);
    });

    it('has the same keys in Italian and English', () => {
      expect(translationKeys(english).sort()).toEqual(translationKeys(italian).sort());
    });

    it('has a translation for every key the screens use', () => {
      const known = new Set(translationKeys(italian).map((key) => key.replace(/_(one|other)$/, '')));
      const missing = [...usedTranslationKeys(folder, messages)].filter((key) => !known.has(key));
      expect(missing).toEqual([]);
    });
  });
}
