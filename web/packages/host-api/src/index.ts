/**
 * `@sportello/host-api`: what the shell offers product modules, and the basics shell screens
 * and modules share. A module imports this package, never the shell's sources.
 */
export * from './contract';
export { useHost } from './useHost';
export { default as PlainSelect, type PlainOption } from './PlainSelect';
export { default as AmountInput, type AmountInputProps } from './AmountInput';
export * from './pure'; // numbers, formats, call errors, line records: what renders nothing
export { forgetLists, rememberedList, rememberList, type ListState, type RowSizes } from './listMemory';
export { default as VirtualRows, useCardRows, type RowMeasure, type VirtualRowsProps } from './VirtualRows';
export { useBelow } from './viewport';
export { default as ListTable, type ListColumn, type ListRowProps, type ListTableProps } from './ListTable';
// the parts of a product line's pages (their style: `@sportello/host-api/line.css`)
export { default as Section, type SectionProps } from './line/Section';
export { default as Figure, type FigureProps } from './line/Figure';
export { default as BackLink } from './line/BackLink';
export { default as ConsultancySlider, type ConsultancyRange, type ConsultancySliderProps } from './line/ConsultancySlider';
export { default as PracticeHeader, type PracticeHeaderLabels, type PracticeHeaderProps } from './line/PracticeHeader';
export { default as EmissionButton, type EmissionButtonLabels, type EmissionButtonProps } from './line/EmissionButton';
export { default as PracticeRoute, PracticeNotFound, type PracticeNotFoundProps, type PracticeRouteProps } from './line/PracticeRoute';
export { default as NewQuoteAction, type NewQuoteActionProps } from './line/NewQuoteAction';
export { default as QuoteRow, type QuoteRowProps } from './line/QuoteRow';
export { useAgentChoice, useQuoteAgent, useQuoteList, type QuoteList } from './line/hooks';
