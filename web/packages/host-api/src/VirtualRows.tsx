/**
 * The rows of a long list, virtualised against the window so 10,000 rows scroll smoothly, with
 * the scroll offset remembered for coming back (./listMemory). The rows start below whatever
 * precedes them (title, toolbar), whose height may change: the offset is measured each render.
 *
 * Below the theme's `md` breakpoint (phones and tablets) each row is a card (rows.css): its first
 * cell on a line of its own, the others two to a line on a phone and three on a tablet, so the
 * row is `cardHeight` tall (twice `rowHeight` unless the list says); the same cells, no other
 * markup.
 *
 * @tanstack/react-virtual is not a shared singleton: each bundle has its own small, stateless
 * copy, rendering with the shared React.
 */
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { rememberedList, rememberList } from './listMemory';
import { useBelow } from './viewport';

export interface VirtualRowsProps<T> {
  rows: readonly T[];
  /** The list's name in the list memory (its scroll offset is kept there). */
  listKey: string;
  rowHeight: number;
  /** The height of a row shown as a card (phones, tablets): twice `rowHeight` by default. */
  cardHeight?: number;
  /** One row, absolutely placed: give its element `style={{ transform: translateY(offset px) }}`. */
  renderRow: (row: T, index: number, offset: number) => ReactNode;
}

/** Keeps the scroll offset for coming back, and restores it at once. */
function useRememberedScroll(listKey: string) {
  useLayoutEffect(() => {
    const { scroll } = rememberedList(listKey, null);
    if (scroll) window.scrollTo({ top: scroll });
    const onScroll = () => rememberList(listKey, null, { scroll: window.scrollY });
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [listKey]);
}

/** Whether the rows show as cards: below the theme's `md` breakpoint, read at once. */
export function useCardRows(): boolean {
  return useBelow('md');
}

export default function VirtualRows<T>({ rows, listKey, rowHeight, cardHeight, renderRow }: VirtualRowsProps<T>) {
  const cards = useCardRows();
  const height = cards ? (cardHeight ?? rowHeight * 2) : rowHeight;
  const ref = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const top = ref.current ? ref.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => height,
    overscan: 12,
    scrollMargin,
    initialOffset: () => rememberedList(listKey, null).scroll,
  });
  useRememberedScroll(listKey);
  // a new height (the window turned, say) places every row again
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, height]);
  const style = { height: virtualizer.getTotalSize(), position: 'relative', '--sp-card-height': `${height}px` } as CSSProperties;
  return (
    <div ref={ref} role="rowgroup" className={cards ? 'sp-cards' : undefined} style={style}>
      {virtualizer.getVirtualItems().map((item) => renderRow(rows[item.index]!, item.index, item.start - scrollMargin))}
    </div>
  );
}
