/**
 * The list's rows, virtualised against the window like the core quote list, so thousands of
 * practices scroll smoothly. @tanstack/react-virtual is not one of the shared singletons: the
 * remote bundles its own copy (small and stateless; it renders with the shared React).
 */
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { HostItem } from '../host';
import { rememberedScroll, rememberScroll } from '../lib/listMemory';
import RentalRow from './RentalRow';

const ROW_HEIGHT = 64;

/** Keeps the scroll offset for coming back, and restores it at once. */
function useRememberedScroll() {
  useLayoutEffect(() => {
    const scroll = rememberedScroll();
    if (scroll) window.scrollTo({ top: scroll });
    const onScroll = () => rememberScroll(window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
}

export default function RentalRows({ rows, onOpen }: { rows: HostItem[]; onOpen: (quote: HostItem) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    // the rows start below the title and toolbar, whose height changes with the filters
    const top = ref.current ? ref.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin,
    initialOffset: rememberedScroll,
  });
  useRememberedScroll();
  return (
    <div ref={ref} role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
      {virtualizer.getVirtualItems().map((item) => (
        <RentalRow
          key={rows[item.index]!._id}
          quote={rows[item.index]!}
          index={item.index}
          offset={item.start - scrollMargin}
          onOpen={onOpen}
        />
      ))}
    </div>
  );
}
