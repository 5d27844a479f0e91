/**
 * A plain quote started from elsewhere with some customer fields already filled in: the shell's
 * 'Nuova quotazione' (`/prodotti`, agents) reads the navigation state `{prefill: {fieldId:
 * value}}` and starts the chosen product's form with the values of its own fields; `?p=`
 * preselects the product. The values are checked like typed ones when the quote is sent.
 *
 * ```ts
 * const { to, state } = newQuoteLink(product._id, { targa: { value: 'AB123CD' } });
 * navigate(to, { state });
 * ```
 */

/** The path of 'Nuova quotazione' (SPEC §2: the products path, for agents). */
export const NEW_QUOTE_PATH = '/prodotti';

/** Values are kept for at most this many fields, keys of at most 64 characters. */
export const MAX_PREFILL = 100;
const MAX_KEY = 64;

/** The navigation state 'Nuova quotazione' reads. */
export interface NewQuoteState {
  prefill: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where to go and the state to go with: the product preselected when given (null: the agent picks it). */
export function newQuoteLink(product: string | null, prefill: Record<string, unknown>): { to: string; state: NewQuoteState } {
  const to = product ? `${NEW_QUOTE_PATH}?p=${encodeURIComponent(product)}` : NEW_QUOTE_PATH;
  return { to, state: { prefill: prefillOf({ prefill }) } };
}

/**
 * The values a navigation state carries, by field id: anything else (no state, another shape,
 * empty values, over-long keys, entries past the first hundred) is left out.
 */
export function prefillOf(state: unknown): Record<string, unknown> {
  const given = isRecord(state) && isRecord(state.prefill) ? state.prefill : {};
  const kept: [string, unknown][] = [];
  for (const [key, value] of Object.entries(given)) {
    if (kept.length >= MAX_PREFILL) break;
    if (!key || key.length > MAX_KEY || key === '__proto__' || value === undefined || value === null || value === '') continue;
    kept.push([key, value]);
  }
  return Object.fromEntries(kept);
}
