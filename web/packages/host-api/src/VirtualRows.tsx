/**
 * The rows of a long list, virtualised against the window so 10,000 rows scroll smoothly, with
 * the scroll offset remembered for coming back (./listMemory). The rows start below whatever
 * precedes them (title, toolbar), whose height may change: the offset is measured each render.
 *
 * @tanstack/react-virtual is not a shared singleton: each bundle has its own small, stateless
 * copy, rendering with the shared React.
 */
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { rememberedList, rememberList } from './listMemory';

export interface VirtualRowsProps<T> {
  rows: readonly T[];
  /** The list's name in the list memory (its scroll offset is kept there). */
  listKey: string;
  rowHeight: number;
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

export default function VirtualRows<T>({ rows, listKey, rowHeight, renderRow }: VirtualRowsProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const top = ref.current ? ref.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => rowHeight,
    overscan: 12,
    scrollMargin,
    initialOffset: () => rememberedList(listKey, null).scroll,
  });
  useRememberedScroll(listKey);
  return (
    <div ref={ref} role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {virtualizer.getVirtualItems().map((item) => renderRow(rows[item.index]!, item.index, item.start - scrollMargin))}
    </div>
  );
}
