import { describe, expect, it } from 'vitest';
import {
  draftProblems,
  emptyDraft,
  move,
  newField,
  prefillFor,
  problemsByPath,
  quotableProducts,
  slugify,
  toBody,
  toDraft,
  uniqueFieldId,
  usrDataOf,
  type ProductDraft,
} from '../productForm';

const PRODUCT = {
  _id: 'p1',
  type: null,
  name: 'RC Auto',
  icon: 'car',
  ramo: 'rca',
  description: 'Auto',
  active: true,
  fields: [
    { _id: 'nome', name: 'Nome', type: 'text', required: true },
    { _id: 'uso', name: 'Uso', type: 'Selezione', options: ['Privato', 'Professionale'] },
    { _id: 'note', name: 'Note', type: 'text', hide: true },
  ],
  companies: { Allianz: { provv: 8, istruttoria: 20, qMin: 2, qMax: 10 } },
};

const draftWith = (patch: Partial<ProductDraft>): ProductDraft => ({ ...toDraft(PRODUCT), ...patch });
const keys = (draft: ProductDraft) => draftProblems(draft).map((p) => `${p.path}:${p.key}`);

describe('product drafts', () => {
  it('round-trips a product to the request body the server expects', () => {
    expect(toBody(toDraft(PRODUCT))).toEqual({
      name: 'RC Auto',
      line: null,
      icon: 'car',
      description: 'Auto',
      ramo: 'rca',
      active: true,
      fields: PRODUCT.fields,
      companies: PRODUCT.companies,
    });
  });

  it('reads odd shapes as empty values', () => {
    const draft = toDraft({ _id: 'x', fields: 'no', companies: [1], active: undefined });
    expect(draft).toMatchObject({ name: '', line: null, active: true, fields: [], companies: [] });
    expect(toDraft({ _id: 'x', type: 'noleggio-auto', active: false })).toMatchObject({ line: 'noleggio-auto', active: false });
  });

  it('trims text and keeps options only where they mean something', () => {
    const draft = draftWith({
      name: '  Casa ',
      fields: [{ _id: ' a ', name: ' A ', type: 'text', required: false, options: [], hide: false }],
    });
    expect(toBody(draft)).toMatchObject({ name: 'Casa', fields: [{ _id: 'a', name: 'A', type: 'text' }] });
    expect(toBody(draft).fields[0]).not.toHaveProperty('options');
  });

  it('accepts a valid product and the empty draft once named', () => {
    expect(draftProblems(toDraft(PRODUCT))).toEqual([]);
    expect(keys(emptyDraft())).toEqual(['name:errors.nameRequired']);
    expect(draftProblems({ ...emptyDraft(), name: 'X' })).toEqual([]);
  });

  it('finds the mistakes the server refuses', () => {
    const base = toDraft(PRODUCT);
    const [nome, uso] = base.fields;
    expect(keys(draftWith({ fields: [nome!, { ...uso!, _id: 'nome' }] }))).toEqual(['fields.1._id:errors.fieldIdTaken']);
    expect(keys(draftWith({ fields: [{ ...uso!, options: [] }] }))).toEqual(['fields.0.options:errors.options']);
    expect(keys(draftWith({ fields: [{ ...uso!, options: ['A', 'A'] }] }))).toEqual(['fields.0.options:errors.optionsRepeated']);
    expect(keys(draftWith({ fields: [{ ...nome!, type: 'colore' }] }))).toEqual(['fields.0.type:errors.fieldType']);
    expect(keys(draftWith({ fields: [{ ...nome!, _id: 'con spazi', name: '' }] }))).toEqual([
      'fields.0.name:errors.fieldName',
      'fields.0._id:errors.fieldId',
    ]);
    const allianz = base.companies[0]!;
    expect(keys(draftWith({ companies: [{ ...allianz, qMin: 11 }] }))).toEqual(['companies.0.qMax:errors.qRange']);
    expect(keys(draftWith({ companies: [{ ...allianz, provv: -1 }] }))).toEqual(['companies.0.provv:errors.negative']);
    expect(keys(draftWith({ companies: [allianz, { ...allianz }] }))).toEqual(['companies.1.name:errors.companyTaken']);
    expect(keys(draftWith({ companies: [{ ...allianz, name: ' ' }] }))).toEqual(['companies.0.name:errors.companyName']);
  });

  it('keeps the first problem of each input', () => {
    const byPath = problemsByPath([
      { path: 'a', key: 'one' },
      { path: 'a', key: 'two' },
      { path: 'b', key: 'three' },
    ]);
    expect(Object.fromEntries(Object.entries(byPath).map(([k, v]) => [k, v.key]))).toEqual({ a: 'one', b: 'three' });
  });
});

describe('field ids and order', () => {
  it('derives ids from names', () => {
    expect(slugify('Data di nascita')).toBe('data_di_nascita');
    expect(slugify('  Età / Città!  ')).toBe('eta_citta');
    expect(slugify('???')).toBe('');
  });

  it('never repeats an id', () => {
    const fields = toDraft(PRODUCT).fields;
    expect(uniqueFieldId('Nome', fields)).toBe('nome_2');
    expect(uniqueFieldId('Nome', fields, 0)).toBe('nome');
    expect(uniqueFieldId('', fields)).toBe('campo');
    expect(newField([...fields, newField(fields)])._id).toBe('campo_2');
  });

  it('moves fields up and down within bounds', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('new quote', () => {
  it('sends only the values given', () => {
    expect(usrDataOf({ nome: 'Mario', cf: '', uso: undefined, g: [], bool: false, n: 0 })).toEqual([
      { _id: 'nome', value: 'Mario' },
      { _id: 'bool', value: false },
      { _id: 'n', value: 0 },
    ]);
  });

  it('offers active products, and line products only to users who have the line', () => {
    const products = {
      a: { _id: 'a', name: 'Vita', active: true },
      b: { _id: 'b', name: 'Auto', active: true },
      c: { _id: 'c', name: 'Spenta', active: false },
      d: { _id: 'd', name: 'Noleggio', active: true, type: 'noleggio-auto' },
      e: { _id: 'e', name: 'Prestito', active: true, type: 'prestiti' },
    };
    expect(quotableProducts(products, ['noleggio-auto']).map((p) => p._id)).toEqual(['b', 'd', 'a']);
    expect(quotableProducts(products, []).map((p) => p._id)).toEqual(['b', 'a']);
  });
});

describe('field types', () => {
  it('are the ones the customer fields form knows', async () => {
    const { FIELD_TYPES: known } = await import('../fields/validators');
    const { FIELD_TYPES: edited } = await import('../productForm');
    expect([...edited]).toEqual([...known]);
  });
});

describe('a prefilled new quote form', () => {
  const fields = PRODUCT.fields;

  it('starts with the values of the product\'s own fields', () => {
    expect(prefillFor(fields, { nome: 'Luca Bianchi', uso: 'Privato', targa: { value: 'AB123CD' } })).toEqual({ nome: 'Luca Bianchi', uso: 'Privato' });
  });

  it('starts empty without a prefill, or for a product without those fields', () => {
    expect(prefillFor(fields, {})).toEqual({});
    expect(prefillFor([], { nome: 'Luca' })).toEqual({});
    expect(prefillFor([{ _id: 'nome' }], { nome: 'Luca' })).toEqual({ nome: 'Luca' });
  });

  it('ignores field definitions without an id', () => {
    expect(prefillFor([{}, { _id: null }, { _id: '' }, { _id: 3 }], { '': 'x', null: 'y', undefined: 'z', 3: 'w' })).toEqual({});
  });
});
