import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractProblems, translationKeys } from '@sportello/host-api';
import loansModule from '../module';
import { translations } from '../translations';

const src = join(__dirname, '..');
const sources = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === '__tests__' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });

/** Keys given to t() literally, and the message keys the checks return. */
function usedKeys(): Set<string> {
  const keys = new Set<string>();
  for (const path of sources(src)) {
    const code = readFileSync(path, 'utf8');
    for (const match of code.matchAll(/\bt\('([\w.]+)'/g)) keys.add(match[1]!);
    for (const match of code.matchAll(/'((?:errors|usury)\.\w+)'/g)) keys.add(match[1]!);
  }
  return keys;
}

describe('the loans module contract', () => {
  it('is one the shell accepts', () => {
    expect(contractProblems(loansModule)).toEqual([]);
  });

  it('routes the list, the creation form, the usury table and a practice', () => {
    expect(loansModule.routes.map((r) => ('index' in r && r.index ? 'index' : r.path))).toEqual(['index', 'nuovo', 'soglie', ':id']);
  });

  it('has the same keys in Italian and English', () => {
    expect(translationKeys(translations.en).sort()).toEqual(translationKeys(translations.it).sort());
  });

  it('has a translation for every key the screens use', () => {
    const known = new Set(translationKeys(translations.it).map((key) => key.replace(/_(one|other)$/, '')));
    const missing = [...usedKeys()].filter((key) => !known.has(key));
    expect(missing).toEqual([]);
  });

  it('uses the wording of the spec', () => {
    const it = translations.it;
    expect(Object.values(it.columns)).toEqual(['Cliente', 'Stato', 'Prodotto', 'Importo richiesto', 'Rata', 'Data', 'Collaboratore']);
    expect(it.practice.title).toBe('Preventivo {{product}}');
    expect(it.list.assign).toBe('Seleziona il collaboratore a cui assegnare il preventivo');
    expect(it.list.create).toBe('Crea preventivo');
    expect(it.earnings.agentTotal).toBe('Tuo guadagno totale');
    expect(it.quotation.firstInstalment).toBe('Prima rata');
    expect([it.fields.nettoErogato, it.fields.importoFinanziato, it.fields.istruttoria]).toEqual([
      'Netto erogato',
      'Importo finanziato',
      'Spese istruttoria',
    ]);
  });
});
