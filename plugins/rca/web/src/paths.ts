/** The module's addresses (its routes live under /targhe), its calls and its namespace. */

/** The module's translations' namespace: the module's name. */
export const NAMESPACE = 'rca';

const BASE = '/targhe';

export const paths = {
  list: BASE,
  detail: (id: string) => `${BASE}/${encodeURIComponent(id)}`,
  /** The register searched for a plate (a plate the user cannot open by id). */
  search: (query: string) => `${BASE}?q=${encodeURIComponent(query)}`,
  /** A quote the plate's detail lists: a line's quote opens in its module, a plain one in the quotes. */
  quote: (id: string, product: string | null) =>
    product && product !== 'rca' ? `/${product}/${encodeURIComponent(id)}` : `/preventivi/${encodeURIComponent(id)}`,
};

/** The line's realtime calls (plugins/rca). */
export const CALLS = {
  search: 'rca.targhe.cerca',
  detail: 'rca.targhe.dettaglio',
  save: 'rca.targhe.salva',
  retire: 'rca.targhe.ritira',
  import: 'rca.targhe.importa',
  family: 'rca.targhe.famiglia',
  cuClass: 'rca.classe',
} as const;
