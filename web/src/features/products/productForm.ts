/**
 * The product edit form as plain data: drafts from the wire shape, the request body back, and
 * the same checks the server makes (`core/domain/products/schemas.py`), so mistakes show
 * before saving. Messages are keys of the `products` namespace.
 */

import { FIELD_TYPES } from './fields/validators';

export { FIELD_TYPES };

/** Types whose value is picked from `options`. */
export const CHOICE_TYPES: readonly string[] = ['Selezione', 'Selezione multipla'];

export interface FieldDraft {
  _id: string;
  name: string;
  type: string;
  required: boolean;
  options: string[];
  hide: boolean;
}

export interface CompanyDraft {
  name: string;
  provv: number;
  istruttoria: number;
  qMin: number;
  qMax: number;
}

export interface ProductDraft {
  name: string;
  line: string | null;
  icon: string;
  description: string;
  /** The ramo offers default to ('' when none): the premium's taxes follow it. */
  ramo: string;
  active: boolean;
  fields: FieldDraft[];
  companies: CompanyDraft[];
}

/** A product as the server sends it (store collection `products`, `/api/products`). */
export interface ProductPayload {
  _id: string;
  type?: string | null;
  name?: string;
  icon?: string;
  description?: string;
  ramo?: string | null;
  fields?: unknown;
  companies?: unknown;
  active?: boolean;
}

export interface ProductBody {
  name: string;
  line: string | null;
  icon: string;
  description: string;
  ramo: string | null;
  active: boolean;
  fields: { _id: string; name: string; type: string; required?: boolean; options?: string[]; hide?: boolean }[];
  companies: Record<string, { provv: number; istruttoria: number; qMin: number; qMax: number }>;
}

export const emptyDraft = (): ProductDraft => ({
  name: '',
  line: null,
  icon: 'package',
  description: '',
  ramo: '',
  active: true,
  fields: [],
  companies: [],
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The editable draft of a product payload (unknown shapes become empty values). */
export function toDraft(product: ProductPayload): ProductDraft {
  const fields = Array.isArray(product.fields) ? product.fields.filter(isRecord) : [];
  const companies = isRecord(product.companies) ? product.companies : {};
  return {
    name: product.name ?? '',
    line: product.type ?? null,
    icon: product.icon ?? '',
    description: product.description ?? '',
    ramo: product.ramo ?? '',
    active: product.active !== false,
    fields: fields.map((f) => ({
      _id: String(f._id ?? ''),
      name: String(f.name ?? ''),
      type: String(f.type ?? 'text'),
      required: f.required === true,
      options: Array.isArray(f.options) ? f.options.map(String) : [],
      hide: f.hide === true,
    })),
    companies: Object.entries(companies).map(([name, config]) => {
      const c = isRecord(config) ? config : {};
      return { name, provv: num(c.provv), istruttoria: num(c.istruttoria), qMin: num(c.qMin), qMax: num(c.qMax) };
    }),
  };
}

/** The body of `POST /api/products` and `PUT /api/products/{id}`. */
export function toBody(draft: ProductDraft): ProductBody {
  return {
    name: draft.name.trim(),
    line: draft.line,
    icon: draft.icon.trim(),
    description: draft.description.trim(),
    ramo: draft.ramo || null,
    active: draft.active,
    fields: draft.fields.map((f) => ({
      _id: f._id.trim(),
      name: f.name.trim(),
      type: f.type,
      ...(f.required ? { required: true } : {}),
      ...(CHOICE_TYPES.includes(f.type) || f.options.length ? { options: f.options.map((o) => o.trim()) } : {}),
      ...(f.hide ? { hide: true } : {}),
    })),
    companies: Object.fromEntries(
      draft.companies.map((c) => [c.name.trim(), { provv: c.provv, istruttoria: c.istruttoria, qMin: c.qMin, qMax: c.qMax }]),
    ),
  };
}

/** A field id from its name: lower-case ASCII words joined by '_' ('Data di nascita' → 'data_di_nascita'). */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
}

/** An id not yet used by `fields`, derived from `name` ('campo' when it has no letters). */
export function uniqueFieldId(name: string, fields: readonly FieldDraft[], except?: number): string {
  const base = slugify(name) || 'campo';
  const taken = new Set(fields.filter((_, i) => i !== except).map((f) => f._id));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}_${n}`)) n += 1;
  return `${base}_${n}`;
}

export function newField(fields: readonly FieldDraft[]): FieldDraft {
  return { _id: uniqueFieldId('campo', fields), name: '', type: 'text', required: false, options: [], hide: false };
}

/** `items` with the element at `from` moved by `by` places (clamped; same array when it cannot move). */
export function move<T>(items: readonly T[], from: number, by: number): T[] {
  const to = Math.max(0, Math.min(items.length - 1, from + by));
  if (to === from || from < 0 || from >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export interface DraftProblem {
  /** Where: 'name', 'fields.2.options', 'companies.0.qMax'… */
  path: string;
  /** A key of the `products` namespace. */
  key: string;
  vars?: Record<string, string>;
}

const ID_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** What the server would refuse in `draft` (empty when it can be saved). */
export function draftProblems(draft: ProductDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (!draft.name.trim()) problems.push({ path: 'name', key: 'errors.nameRequired' });
  const seen = new Set<string>();
  draft.fields.forEach((field, i) => {
    const at = `fields.${i}`;
    const id = field._id.trim();
    if (!field.name.trim()) problems.push({ path: `${at}.name`, key: 'errors.fieldName' });
    if (!id || !ID_PATTERN.test(id)) problems.push({ path: `${at}._id`, key: 'errors.fieldId' });
    else if (seen.has(id)) problems.push({ path: `${at}._id`, key: 'errors.fieldIdTaken', vars: { id } });
    seen.add(id);
    if (!(FIELD_TYPES as readonly string[]).includes(field.type)) {
      problems.push({ path: `${at}.type`, key: 'errors.fieldType', vars: { type: field.type } });
    }
    const options = field.options.map((o) => o.trim());
    if (CHOICE_TYPES.includes(field.type) && options.length === 0) {
      problems.push({ path: `${at}.options`, key: 'errors.options', vars: { name: field.name } });
    } else if (options.some((o) => !o) || new Set(options).size !== options.length) {
      problems.push({ path: `${at}.options`, key: 'errors.optionsRepeated', vars: { name: field.name } });
    }
  });
  const companies = new Set<string>();
  draft.companies.forEach((company, i) => {
    const at = `companies.${i}`;
    const name = company.name.trim();
    if (!name) problems.push({ path: `${at}.name`, key: 'errors.companyName' });
    else if (companies.has(name)) problems.push({ path: `${at}.name`, key: 'errors.companyTaken', vars: { name } });
    companies.add(name);
    for (const key of ['provv', 'istruttoria', 'qMin', 'qMax'] as const) {
      if (!Number.isFinite(company[key]) || company[key] < 0) problems.push({ path: `${at}.${key}`, key: 'errors.negative' });
    }
    if (company.qMin > company.qMax) problems.push({ path: `${at}.qMax`, key: 'errors.qRange' });
  });
  return problems;
}

/** The first problem at each path, for showing under the inputs. */
export function problemsByPath(problems: readonly DraftProblem[]): Record<string, DraftProblem> {
  const out: Record<string, DraftProblem> = {};
  for (const problem of problems) out[problem.path] ??= problem;
  return out;
}

/** The `usrData` of `createQuote` from the form's values, leaving out empty ones. */
export function usrDataOf(values: Record<string, unknown>): { _id: string; value: unknown }[] {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0))
    .map(([_id, value]) => ({ _id, value }));
}

/** Products an agent may quote: active ones, plain or of a line the user has, by name. */
export function quotableProducts<T extends ProductPayload>(products: Readonly<Record<string, T>>, userLines: readonly string[]): T[] {
  return Object.values(products)
    .filter((p) => p.active !== false && (!p.type || userLines.includes(p.type)))
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '', 'it'));
}

/**
 * The values a new quote's form starts with: those of a prefill (`prefillOf` of the navigation
 * state, @sportello/host-api) that belong to the product's own fields.
 */
export function prefillFor(fields: readonly { _id?: unknown }[], prefill: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const ids = new Set(fields.map((field) => field._id).filter((id): id is string => typeof id === 'string' && id !== ''));
  return Object.fromEntries(Object.entries(prefill).filter(([id]) => ids.has(id)));
}
