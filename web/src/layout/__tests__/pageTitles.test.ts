import { describe, expect, it } from 'vitest';
import it_layout from '../../locales/it/layout.json';
import type { Collections } from '../../store/store';
import { customerOf, pathTitle, titleFor, type TitleContext } from '../pageTitles';

/** The Italian catalogue's text with its variables filled, as i18next would. */
function t(key: string, options: Record<string, unknown> = {}): string {
  const path = key.replace(/^layout:/, '').split('.');
  let node: unknown = it_layout;
  for (const part of path) node = (node as Record<string, unknown>)[part];
  return String(node).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ''));
}

const collections: Collections = {
  polizze: {
    p1: { _id: 'p1', number: 'AZ-876B20', clientId: 'c1', pr: { usrData: [{ _id: 'Nome', value: 'Mario' }, { _id: 'Cognome', value: 'Rossi' }] } },
    p2: { _id: 'p2', number: '', pr: { usrData: [{ _id: 'Nome', value: 'Luca' }, { _id: 'Cognome', value: 'Bianchi' }] } },
  },
  preventivi: {
    q1: { _id: 'q1', usrData: [{ _id: 'nome', value: 'Mario' }, { _id: 'cognome', value: 'Rossi' }] },
    q2: { _id: 'q2', clientId: 'c2', usrData: [{ _id: 'ragioneSociale', value: 'Officine Srl' }] },
  },
  usr: { u1: { _id: 'u1', name: 'Sara Bianchi', email: 'sara@demo.it' }, u2: { _id: 'u2', email: 'nuovo@demo.it' } },
  products: { pr1: { _id: 'pr1', name: 'Casa sicura' } },
  sinistri: { s1: { _id: 's1', customer: 'Luca Bianchi', policyNumber: 'AZ-876B20' } },
};

const ctx = (patch: Partial<TitleContext> = {}): TitleContext => ({
  collections,
  agents: 'Dealers',
  lines: [{ id: 'noleggio-auto', name: 'Noleggio auto' }],
  menu: [
    { path: '/preventivi', label: 'Preventivi' },
    { path: '/prodotti', label: 'Nuova quotazione' },
  ],
  t,
  ...patch,
});

describe('page titles name what the page shows', () => {
  it.each([
    ['/polizza/p1', 'Polizza AZ-876B20'],
    ['/polizza/p2', 'Polizza di Luca Bianchi'],
    ['/polizza/sconosciuta', 'Polizza'],
    ['/sinistri/s1', 'Sinistro di Luca Bianchi'],
    ['/sinistri/sconosciuto', 'Sinistro'],
    ['/preventivi/q1', 'Preventivo di Mario Rossi'],
    ['/preventivi/q2', 'Preventivo di Officine Srl'],
    ['/preventivi/manca', 'Preventivo'],
    ['/clienti/c1', 'Cliente Mario Rossi'],
    ['/clienti/c2', 'Cliente Officine Srl'],
    ['/clienti/c9', 'Cliente'],
    ['/utenti/u1', 'Sara Bianchi'],
    ['/utenti/u2', 'nuovo@demo.it'],
    ['/ProvvigioniAgente/u1', 'Provvigioni di Sara Bianchi'],
    ['/saldo-collaboratore/u1', 'Saldo di Sara Bianchi'],
    ['/prodotti/pr1', 'Casa sicura'],
    ['/prodotti/nuovo', 'Nuovo prodotto'],
    ['/chat/6b09b7889b8fd2dd053dd0a4', 'Chat'],
    ['/area-documentale/f1', 'Area documentale'],
    ['/noleggio-auto/r1', 'Noleggio auto'],
  ])('%s → %s', (path, title) => {
    expect(titleFor(path, ctx())).toBe(title);
  });

  it('never shows a raw id on a detail page', () => {
    for (const path of ['/polizza/p1', '/sinistri/s1', '/preventivi/q1', '/clienti/c1', '/utenti/u1', '/ProvvigioniAgente/u1', '/saldo-collaboratore/u1', '/prodotti/pr1']) {
      const id = path.split('/').at(-1)!;
      expect(titleFor(path, ctx())).not.toContain(id);
    }
  });

  it("follows the records live: a policy's number once it arrives", () => {
    const before = titleFor('/polizza/p9', ctx());
    const after = titleFor('/polizza/p9', ctx({ collections: { polizze: { p9: { _id: 'p9', number: 'GEN-1' } } } }));
    expect([before, after]).toEqual(['Polizza', 'Polizza GEN-1']);
  });

  it("names lists by the menu entry's label, the agents' page by the tenant's word", () => {
    expect(titleFor('/preventivi', ctx())).toBe('Preventivi');
    expect(titleFor('/prodotti', ctx())).toBe('Nuova quotazione');
    expect(titleFor('/Agenti', ctx())).toBe('Dealers');
    expect(titleFor('/', ctx())).toBe('Home');
    expect(titleFor('/impostazioni', ctx())).toBe('Impostazioni');
  });
});

describe('helpers', () => {
  it('reads the path as SPEC §2 says when nothing better is known', () => {
    expect(pathTitle('/saldo-collaboratore')).toBe('Saldo collaboratore');
    expect(pathTitle('/')).toBe('Home');
  });

  it("reads a customer's name from a quote or a policy", () => {
    expect(customerOf(collections.polizze!.p1)).toBe('Mario Rossi');
    expect(customerOf(collections.preventivi!.q1)).toBe('Mario Rossi');
    expect(customerOf(undefined)).toBe('');
  });
});
