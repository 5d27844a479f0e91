/**
 * The host API's functions that render nothing: numbers, formats, exact cents, a refused call's
 * messages, core's records as product lines read them and the link to a prefilled new quote, which the package's index re-exports.
 * `make mutation` resolves `@sportello/host-api` here (vitest.mutation.config.ts), so each
 * mutant's run of the rules' specs does not evaluate the package's components again.
 */
export { cleanNumber, editNumber, formatNumber, numberOrNull, parseNumber } from './numbers';
export { formatCents, formatDateTime, formatDay, formatEuro, formatRate } from './format';
export { errorMessage, fieldErrorsOf } from './calls';
export { MAX_PREFILL, NEW_QUOTE_PATH, newQuoteLink, prefillOf, type NewQuoteState } from './newQuote';
export { centsOf, euroOf, halfUp, percentOf, scaled, type Scaled } from './exact';
export {
  consultancyShare,
  emissionRequested,
  lineProducts,
  productFields,
  quotesOfLine,
  storedConsultancy,
  usrDataOf,
} from './lines';
