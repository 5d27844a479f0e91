/** Scroll position per page (SPEC §2): remembered on scroll, restored 400 ms after arriving. */
import { useEffect } from 'react';
import { useLocation } from 'react-router';

export const RESTORE_DELAY_MS = 400;
export const SCROLL_LOG_DEBOUNCE_MS = 300;
const positions = new Map<string, number>();

export function useScrollMemory(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // before the restore, the scroll is the previous page's: it is not this page's to remember
    let restored = false;
    const onScroll = () => {
      if (!restored) return;
      clearTimeout(timer);
      timer = setTimeout(() => positions.set(pathname, window.scrollY), SCROLL_LOG_DEBOUNCE_MS);
    };
    const restore = setTimeout(() => {
      restored = true;
      window.scrollTo({ top: positions.get(pathname) ?? 0 });
    }, RESTORE_DELAY_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      clearTimeout(restore);
      window.removeEventListener('scroll', onScroll);
    };
  }, [pathname]);
}
