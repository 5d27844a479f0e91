import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractProblems, translationKeys } from '@sportello/host-api';
import rentalModule from '../module';
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
    for (const match of code.matchAll(/'(errors\.\w+)'/g)) keys.add(match[1]!);
  }
  return keys;
}

describe('the module contract', () => {
  it('is one the shell accepts', () => {
    expect(contractProblems(rentalModule)).toEqual([]);
  });

  it('routes the list, the creation form, the catalogue and a practice', () => {
    expect(rentalModule.routes.map((r) => ('index' in r && r.index ? 'index' : r.path))).toEqual(['index', 'nuovo', 'catalogo', ':id']);
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
    expect(Object.values(it.columns)).toEqual(['Cliente', 'Auto', 'Canone', 'Data', 'Collaboratore']);
    expect(it.practice.title).toBe('Preventivo noleggio');
    expect(it.list.assign).toBe('Seleziona il collaboratore a cui assegnare il preventivo');
    expect(it.list.create).toBe('CREA PREVENTIVO');
    expect([it.emission.request, it.emission.undo, it.emission.requested]).toEqual([
      'RICHIEDI EMISSIONE',
      'annulla richiesta emissione',
      'Emissione richiesta correttamente',
    ]);
    expect(it.emission.error).toBe('Errore: {{message}}');
    expect(it.earnings.agentTotal).toBe('Tuo guadagno totale');
  });
});
