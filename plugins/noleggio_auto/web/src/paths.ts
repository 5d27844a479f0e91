/** The module's addresses (its routes live under /noleggio-auto). */
import { PRODUCT_ID } from './lib/rentalQuote';

const BASE = `/${PRODUCT_ID}`;

export const paths = {
  list: BASE,
  catalogue: `${BASE}/catalogo`,
  practice: (id: string) => `${BASE}/${encodeURIComponent(id)}`,
  /** The creation form, for an agent of the user's scope when `agentId` is given. */
  create: (agentId?: string | null) => `${BASE}/nuovo${agentId ? `?aId=${encodeURIComponent(agentId)}` : ''}`,
};

/** The room of a practice's chat. */
export const chatRoom = (quoteId: string) => `${PRODUCT_ID}/${quoteId}`;
