/**
 * A title a page sets for itself (the 404 page: the same title for an unknown path and a page
 * the user may not open), held for the path it was set on; the top bar and the browser tab
 * prefer it to the one read from the records (./pageTitles).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

type Own = { pathname: string; title: string } | null;

let own: Own = null;
const listeners = new Set<() => void>();

function set(next: Own): void {
  own = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The page's own title while it is shown; null leaves the default. */
export function usePageTitle(title: string | null): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (title === null) return undefined;
    const mine = { pathname, title };
    set(mine);
    return () => {
      if (own === mine) set(null);
    };
  }, [pathname, title]);
}

/** The title the page at `pathname` set, if any. */
export function useOwnPageTitle(pathname: string): string | null {
  const current = useSyncExternalStore(subscribe, () => own, () => null);
  return current && current.pathname === pathname ? current.title : null;
}
