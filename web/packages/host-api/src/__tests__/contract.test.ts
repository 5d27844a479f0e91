/** The module contract the shell checks at load time, quote panels included. */
import { createElement, lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { asProductModule, contractProblems, type QuotePanel } from '../contract';

const translations = { it: { title: 'Targhe' }, en: { title: 'Plates' } };
const Panel = () => createElement('div');
const panel = (extra: Partial<QuotePanel> = {}): QuotePanel => ({ id: 'veicolo', appliesTo: () => true, Component: Panel, ...extra });
const valid = { routes: [{ index: true, Component: Panel }], translations };

describe('the module contract', () => {
  it('takes a module without panels, and one with plain or lazy panels', () => {
    expect(contractProblems(valid)).toEqual([]);
    const LazyPanel = lazy(async () => ({ default: Panel }));
    expect(contractProblems({ ...valid, quotePanels: [panel(), panel({ id: 'classe', Component: LazyPanel })] })).toEqual([]);
    expect(asProductModule({ default: { ...valid, quotePanels: [] } }).quotePanels).toEqual([]);
  });

  it('names each way a panel breaks it', () => {
    expect(contractProblems({ ...valid, quotePanels: {} })).toEqual(['quotePanels: deve essere una lista']);
    expect(
      contractProblems({
        ...valid,
        quotePanels: [
          null,
          { id: '', appliesTo: () => true, Component: Panel },
          { id: 'a', appliesTo: true, Component: Panel },
          { id: 'b', appliesTo: () => true, Component: 'div' },
          { id: 'b', appliesTo: () => true },
        ],
      }),
    ).toEqual([
      'quotePanels[0]: non è un pannello',
      'quotePanels[1]: manca id',
      'quotePanels[2]: manca appliesTo',
      'quotePanels[3]: manca il componente',
      'quotePanels[4]: id b ripetuto',
      'quotePanels[4]: manca il componente',
    ]);
  });

  it('refuses a module with a broken panel at load time', () => {
    expect(() => asProductModule({ ...valid, quotePanels: [{ id: 'x' }] })).toThrow(/Modulo non valido: quotePanels\[0\]: manca appliesTo/);
  });

  it('still refuses what it refused before', () => {
    expect(contractProblems(null)).toEqual(['il modulo non esporta un oggetto']);
    expect(contractProblems({ routes: [{}], translations: { it: { a: 1 }, en: {} } })).toEqual([
      'routes[0]: manca path o index',
      'routes[0]: manca il componente',
      'translations.en: mancano a',
    ]);
  });
});
