import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../session/context';
import { pageTitle } from '../lib/format';

export const TITLE_DEBOUNCE_MS = 10;

/** The browser title: the page title and the tenant's product name. */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const { tenant } = useSession();
  useEffect(() => {
    const timer = setTimeout(() => {
      document.title = `${pageTitle(pathname)} · ${tenant.title}`;
    }, TITLE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [pathname, tenant.title]);
}
