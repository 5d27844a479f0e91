import { useEffect } from 'react';
import { useSession } from '../session/context';
import { usePageTitleText } from './usePageTitleText';

export const TITLE_DEBOUNCE_MS = 10;

/** The browser title: the page title (the top bar's) and the tenant's product name. */
export function useDocumentTitle(): void {
  const title = usePageTitleText();
  const { tenant } = useSession();
  useEffect(() => {
    const timer = setTimeout(() => {
      document.title = `${title} · ${tenant.title}`;
    }, TITLE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [title, tenant.title]);
}
