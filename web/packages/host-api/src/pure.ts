/**
 * The host API's functions that render nothing: numbers and formats, which the package's index
 * re-exports. `make mutation` resolves `@sportello/host-api` here (vitest.mutation.config.ts),
 * so each mutant's run of the rules' specs does not evaluate the package's components again.
 */
export { cleanNumber, editNumber, formatNumber, parseNumber } from './numbers';
export { formatCents, formatDateTime, formatDay, formatEuro, formatRate } from './format';
