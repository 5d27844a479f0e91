/** The words for an offer's instalments on the customer's page. */
import { formatEuro } from '@sportello/host-api';
import type { PublicOffer } from './api';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** '12 rate: la prima 83,44 €, le altre 83,33 €', '2 rate da 475,00 €', 'Pagamento unico'. */
export function instalmentsText(offer: PublicOffer, t: Translate): string {
  const parts = offer.instalments;
  if (!parts.length) return t('offers.single');
  if (parts.length === 1) return t('offers.once', { amount: formatEuro(parts[0]) });
  const [first, ...rest] = parts;
  if (rest.every((part) => part === first)) return t('offers.equal', { count: parts.length, amount: formatEuro(first) });
  return t('offers.firstThenRest', { count: parts.length, first: formatEuro(first), rest: formatEuro(rest[0]) });
}
