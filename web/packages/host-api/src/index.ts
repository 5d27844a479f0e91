/**
 * `@sportello/host-api`: what the shell offers product modules, and the basics shell screens
 * and modules share. A module imports this package, never the shell's sources.
 */
export * from './contract';
export { useHost } from './useHost';
export { default as PlainSelect, type PlainOption } from './PlainSelect';
export { default as AmountInput, type AmountInputProps } from './AmountInput';
export * from './pure'; // numbers, formats, call errors, line records: what renders nothing
export { forgetLists, rememberedList, rememberList, type ListState } from './listMemory';
export { default as VirtualRows, type VirtualRowsProps } from './VirtualRows';
