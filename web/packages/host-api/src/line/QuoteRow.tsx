/**
 * One row of a line's quote list, for VirtualRows: a grid row (`sp-grid sp-row`, rows.css)
 * placed at `offset` and measured with `measure` (its content's height), highlighted by the shell's rule for this user, opening the practice on a
 * click or Enter. The cells are the line's.
 */
import type { ReactNode } from 'react';
import type { HostItem } from '../contract';
import type { RowMeasure } from '../VirtualRows';
import { useHost } from '../useHost';

export interface QuoteRowProps {
  quote: HostItem;
  /** The row's place in the list (from 0) and its offset in pixels, as VirtualRows gives them. */
  index: number;
  offset: number;
  /** The measuring props VirtualRows gives: without them the row keeps the list's fixed height. */
  measure?: RowMeasure;
  onOpen: (quote: HostItem) => void;
  testId?: string;
  children: ReactNode;
}

export default function QuoteRow({ quote, index, offset, measure, onOpen, testId, children }: QuoteRowProps) {
  const host = useHost();
  return (
    <div
      {...measure}
      role="row"
      tabIndex={0}
      aria-rowindex={index + 1}
      data-testid={testId}
      data-id={quote._id}
      className={`sp-grid sp-row ${host.quotes.highlighted(quote) ? 'is-highlighted' : ''}`}
      style={{ transform: `translateY(${offset}px)` }}
      onClick={() => onOpen(quote)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onOpen(quote);
      }}
    >
      {children}
    </div>
  );
}
