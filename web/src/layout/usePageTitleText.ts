/** The current page's title: the page's own, else the one read from the records and the menu. */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession, useStoreSelector } from '../session/context';
import type { StoreState } from '../store/store';
import { useOwnPageTitle } from './pageTitleStore';
import { titleFor } from './pageTitles';

export function usePageTitleText(): string {
  const { t } = useTranslation(['layout', 'menu']);
  const { pathname } = useLocation();
  const { tenant, menu } = useSession();
  const own = useOwnPageTitle(pathname);
  const labels = useMemo(
    () => menu.map((entry) => ({ path: entry.path, label: entry.product ? entry.label : t(entry.label) })),
    [menu, t],
  );
  const select = useCallback(
    (state: StoreState) =>
      titleFor(pathname, { collections: state.collections, agents: tenant.wording.agents, lines: tenant.products, menu: labels, t }),
    [pathname, tenant.wording.agents, tenant.products, labels, t],
  );
  const derived = useStoreSelector(select);
  return own ?? derived;
}
