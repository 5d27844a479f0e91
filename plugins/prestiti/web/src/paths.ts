/** The module's addresses (its routes live under /prestiti) and the server's. */
import { PRODUCT_ID } from './lib/loanQuote';

const BASE = `/${PRODUCT_ID}`;

export const paths = {
  list: BASE,
  usury: `${BASE}/soglie`,
  practice: (id: string) => `${BASE}/${encodeURIComponent(id)}`,
  /** The creation form, for an agent of the user's scope when `agentId` is given. */
  create: (agentId?: string | null) => `${BASE}/nuovo${agentId ? `?aId=${encodeURIComponent(agentId)}` : ''}`,
};

/** The server's routes of a practice (the session's cookie authenticates them). */
export const api = {
  practice: (id: string) => `/api/${PRODUCT_ID}/preventivi/${encodeURIComponent(id)}`,
  secci: (id: string) => `/api/${PRODUCT_ID}/preventivi/${encodeURIComponent(id)}/secci`,
};

/** The room of a practice's chat. */
export const chatRoom = (quoteId: string) => `${PRODUCT_ID}/${quoteId}`;
