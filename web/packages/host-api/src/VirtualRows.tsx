/**
 * The rows of a long list, virtualised against the window so 10,000 rows scroll smoothly, with
 * the scroll offset remembered for coming back (./listMemory). The rows start below whatever
 * precedes them (title, toolbar), whose height may change: the offset is measured each render.
 *
 * Below the theme's `md` breakpoint (phones and tablets) each row is a card (rows.css): its first
 * cell on a line of its own, the others two to a line on a phone and three on a tablet; the same
 * cells, no other markup. A card's cells wrap rather than cut their text.
 *
 * Each row takes its content's height: a row that attaches the `measure` props it is given
 * (`<div {...measure}>`) is measured as it renders and again whenever its size changes (a
 * ResizeObserver), and the rows below it move. Until measured a row counts as `rowHeight`, or
 * `cardHeight` as a card (twice `rowHeight` unless the list says). A row that does not attach
 * them keeps that fixed height (rows.css). The measured heights are remembered with the scroll
 * offset, by row key, so coming back lands on the same row.
 *
 * @tanstack/react-virtual is not a shared singleton: each bundle has its own small, stateless
 * copy, rendering with the shared React.
 */
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties, type Key, type ReactNode } from 'react';
import { rememberedList, rememberList } from './listMemory';
import { useBelow } from './viewport';

/**
 * What a row puts on its outer element so its height is measured: `<div {...measure}>`. The
 * same object for the same place in the list, so a memoised row does not render again for it.
 */
export interface RowMeasure {
  ref: (node: Element | null) => void;
  'data-index': number;
}

export interface VirtualRowsProps<T> {
  rows: readonly T[];
  /** The list's name in the list memory (its scroll offset and measured heights are kept there). */
  listKey: string;
  /** A row's estimated height, before it is measured. */
  rowHeight: number;
  /** A card's estimated height (phones, tablets): twice `rowHeight` by default. */
  cardHeight?: number;
  /** A row's key for its remembered height: its `_id` by default, else its index. */
  rowKey?: (row: T, index: number) => Key;
  /**
   * One row, absolutely placed: give its element `style={{ transform: translateY(offset px) }}`
   * and the `measure` props (`{...measure}`) for it to take its content's height.
   */
  renderRow: (row: T, index: number, offset: number, measure: RowMeasure) => ReactNode;
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

function idOf(row: unknown, index: number): Key {
  const id = (row as { _id?: unknown } | null | undefined)?._id;
  return typeof id === 'string' || typeof id === 'number' ? id : index;
}

/** The heights measured on the last visit, when the window is as wide as it was then. */
function rememberedSizes(listKey: string) {
  const { sizes } = rememberedList(listKey, null);
  return sizes && sizes.width === window.innerWidth ? sizes.items : [];
}

export default function VirtualRows<T>({ rows, listKey, rowHeight, cardHeight, rowKey = idOf, renderRow }: VirtualRowsProps<T>) {
  const cards = useCardRows();
  const height = cards ? (cardHeight ?? rowHeight * 2) : rowHeight;
  const ref = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const top = ref.current ? ref.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });
  const [initialSizes] = useState(() => rememberedSizes(listKey));
  const getItemKey = useCallback((index: number) => rowKey(rows[index]!, index), [rows, rowKey]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => height,
    getItemKey,
    overscan: 12,
    scrollMargin,
    initialOffset: () => rememberedList(listKey, null).scroll,
    initialMeasurementsCache: initialSizes,
  });
  useRememberedScroll(listKey);
  useLayoutEffect(
    () => () => rememberList(listKey, null, { sizes: { width: window.innerWidth, items: virtualizer.takeSnapshot() } }),
    [listKey, virtualizer],
  );
  // rows turned cards (or back): forget every height and measure the rows on screen again
  const measuredAt = useRef(height);
  useLayoutEffect(() => {
    if (measuredAt.current === height) return;
    measuredAt.current = height;
    virtualizer.measure();
    ref.current?.querySelectorAll(':scope > [data-index]').forEach((row) => virtualizer.measureElement(row));
  }, [virtualizer, height]);
  const measures = useRef(new Map<number, RowMeasure>());
  const measureOf = (index: number) => {
    let measure = measures.current.get(index);
    if (!measure) measures.current.set(index, (measure = { ref: virtualizer.measureElement, 'data-index': index }));
    return measure;
  };
  const style = { height: virtualizer.getTotalSize(), position: 'relative', '--sp-card-height': `${height}px` } as CSSProperties;
  return (
    <div ref={ref} role="rowgroup" className={cards ? 'sp-cards' : undefined} style={style}>
      {virtualizer
        .getVirtualItems()
        .map((item) => renderRow(rows[item.index]!, item.index, item.start - scrollMargin, measureOf(item.index)))}
    </div>
  );
}
