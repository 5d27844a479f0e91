/** 'Nuovo preventivo RCA' from a plate: the product preselected and the fields the plate fills in. */
import { describe, expect, it } from 'vitest';
import { newQuoteLink, prefillOf, type HostItem } from '@sportello/host-api';
import { platePrefill, rcaProductFor, rcaProducts } from '../lib/newQuote';
import { asPlate } from '../lib/records';

const fields = (...types: string[]) => types.map((type) => ({ _id: type, name: type, type }));
const product = (id: string, extra: Partial<HostItem> = {}): HostItem => ({ _id: id, name: id, active: true, fields: fields('nome', 'cf', 'targa'), ...extra });
const byId = (...items: HostItem[]) => Object.fromEntries(items.map((item) => [item._id, item]));

const PLATE = asPlate({
  _id: 'p1',
  targa: 'AB123CD',
  tipo: 'autovettura',
  tipoBersani: 'autovettura',
  targaAgev: false,
  cliente: 'Luca Bianchi',
  cf: 'BNCLCU80A01H501Q',
  marca: 'Fiat',
  modello: 'Panda 1.0 Hybrid',
  immatricolazione: { isNew: false, date: '2019-03-14' },
});

describe('the product of an RCA quote', () => {
  it('is the only motor liability product, ahead of other products with a plate', () => {
    const rc = product('rc', { ramo: 'rca', name: 'RC Auto' });
    const home = product('casa', { fields: fields('nome', 'cf') });
    const other = product('flotte', { name: 'Flotte' });
    expect(rcaProducts(byId(other, home, rc)).map((p) => p._id)).toEqual(['rc', 'flotte']);
    expect(rcaProductFor(byId(other, home, rc))?._id).toBe('rc');
  });

  it('is the only product with a plate when none is of the ramo', () => {
    expect(rcaProductFor(byId(product('flotte'), product('casa', { fields: fields('nome') })))?._id).toBe('flotte');
  });

  it('is for the agent to choose among several, or when none fits', () => {
    expect(rcaProductFor(byId(product('a', { ramo: 'rca' }), product('b', { ramo: 'rca' })))).toBeNull();
    expect(rcaProductFor(byId(product('a'), product('b')))).toBeNull();
    expect(rcaProductFor({})).toBeNull();
  });

  it('is never an inactive product, nor a line\'s own', () => {
    const off = product('off', { ramo: 'rca', active: false });
    const line = product('noleggio', { ramo: 'rca', type: 'noleggio-auto' });
    expect(rcaProducts(byId(off, line, product('bare', { fields: 'x' })))).toEqual([]);
  });
});

describe('the fields a plate fills in', () => {
  it('are the plate, make and model, registration and the owner, by the usual ids without a product', () => {
    expect(platePrefill(PLATE, null)).toEqual({
      targa: { value: 'AB123CD', tipoBersani: 'autovettura' },
      marcamodello: { brand: 'Fiat', model: 'Panda 1.0 Hybrid' },
      immatricolazione: { isNew: false, date: '2019-03-14' },
      nome: 'Luca Bianchi',
      cf: 'BNCLCU80A01H501Q',
    });
  });

  it('go to the product\'s own fields of each type', () => {
    const custom = product('x', {
      fields: [
        { _id: 'veicolo', type: 'targa' },
        { _id: 'auto', type: 'marcamodello' },
        { _id: 'data', type: 'immatricolazione' },
        { _id: 'codice', type: 'cf' },
      ],
    });
    expect(Object.keys(platePrefill(PLATE, custom))).toEqual(['veicolo', 'auto', 'data', 'nome', 'codice']);
  });

  it('leave out what the plate lacks, and mark a subsidised plate', () => {
    const bare = asPlate({ _id: 'p2', targa: 'X2B4CD', targaAgev: true, immatricolazione: { isNew: true } });
    expect(platePrefill(bare, null)).toEqual({ targa: { value: 'X2B4CD', targaAgev: true }, immatricolazione: { isNew: true } });
  });

  it('travel to Nuova quotazione in the navigation state', () => {
    const rc = product('rc', { ramo: 'rca' });
    const { to, state } = newQuoteLink(rc._id, platePrefill(PLATE, rc));
    expect(to).toBe('/prodotti?p=rc');
    expect(prefillOf(state)).toEqual(platePrefill(PLATE, rc));
  });
});
