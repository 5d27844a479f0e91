/**
 * Side menu (SPEC §2): 60 px, 240 px on hover, collapsed on leave; hover is locked for 1 s
 * after a route change. Entries by the role rules of SPEC §6 and the tenant's configuration.
 */
import { Badge, UnstyledButton } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatch } from 'react-router';
import { useServices, useSession, useStoreSelector } from '../session/context';
import { useAccess } from '../session/useAccess';
import { iconFor } from '../components/icons';
import { chipOf, type MenuEntry } from '../menu/menu';
import { selectMenuChips } from '../store/selectors';
import type { StoreState } from '../store/store';
import { usePopup } from './popups';

const SupportDialog = lazy(() => import('./SupportDialog'));

export const MENU_COLLAPSED = 60;
export const MENU_EXPANDED = 240;
export const HOVER_LOCK_MS = 1000;

/** Core entries are i18n keys; a product line's entry carries the line's name, its one label. */
function useEntryLabel() {
  const { t } = useTranslation();
  return (entry: MenuEntry) => (entry.product ? entry.label : t(entry.label));
}

export function SideMenu() {
  const { t } = useTranslation('menu');
  const { menu, flags } = useAccess();
  const { settings, tenant } = useSession();
  const label = useEntryLabel();
  const location = useLocation();
  const [expanded, setExpanded] = useState(false);
  const lockedUntil = useRef(0);
  const [supportOpen, support] = usePopup();

  const statuses = settings?.stati ?? [];
  const chipsSelector = useCallback(
    (state: StoreState) => selectMenuChips(state, flags, statuses, new Date()),
    [flags, statuses],
  );
  const chips = useStoreSelector(chipsSelector);

  useEffect(() => {
    lockedUntil.current = Date.now() + HOVER_LOCK_MS;
    setExpanded(false);
  }, [location.pathname]);

  const onEnter = () => {
    if (Date.now() >= lockedUntil.current) setExpanded(true);
  };

  return (
    <nav
      className={`side-menu ${expanded ? 'is-expanded' : ''}`}
      style={{ width: expanded ? MENU_EXPANDED : MENU_COLLAPSED }}
      onMouseEnter={onEnter}
      onMouseMove={onEnter}
      onMouseLeave={() => setExpanded(false)}
      aria-label={t('navigation')}
      data-testid="side-menu"
    >
      <Link to="/" className="side-menu-home" aria-label="Home" data-testid="menu-home">
        <span className="side-menu-mark">{tenant.title.charAt(0)}</span>
        <span className="side-menu-label side-menu-brand">{tenant.title}</span>
      </Link>
      <ul className="side-menu-list">
        {menu.map((entry) => {
          const chip = chipOf(entry);
          const count = chip ? chips[chip] ?? 0 : 0;
          const text = label(entry);
          return (
            <li key={entry.key}>
              {/* collapsed, the entry's label shows by hovering the menu, which expands it */}
              <MenuLink entry={entry} text={text} count={count} expanded={expanded} />
            </li>
          );
        })}
      </ul>
      <UnstyledButton className="side-menu-item side-menu-info" onClick={support.open} data-testid="support-button">
        <span className="side-menu-icon">
          <IconInfoCircle size={22} stroke={1.6} />
        </span>
        <span className="side-menu-label">{t('assistenza')}</span>
      </UnstyledButton>
      {supportOpen && (
        <Suspense fallback={null}>
          <SupportDialog opened={supportOpen} onClose={support.close} />
        </Suspense>
      )}
    </nav>
  );
}

function MenuLink({ entry, text, count, expanded }: { entry: MenuEntry; text: string; count: number; expanded: boolean }) {
  const { preload } = useServices();
  const active = useMatch({ path: entry.path === '/' ? '/' : `${entry.path}/*`, end: entry.path === '/' });
  const Icon = iconFor(entry.icon);
  return (
    <Link
      to={entry.path}
      className={`side-menu-item ${active ? 'is-active' : ''}`}
      aria-current={active ? 'page' : undefined}
      title={expanded ? undefined : text}
      data-menu-key={entry.key}
      onPointerEnter={() => preload?.(entry.path)}
      onFocus={() => preload?.(entry.path)}
    >
      <span className="side-menu-icon">
        <Icon size={22} stroke={1.6} />
        {count > 0 && !expanded && <span className="side-menu-dot" aria-hidden />}
      </span>
      <span className="side-menu-label" data-testid="menu-label">
        {text}
      </span>
      {count > 0 && (
        <Badge className="side-menu-chip" size="sm" color="red" variant="filled" data-testid={`chip-${entry.key}`}>
          {count}
        </Badge>
      )}
    </Link>
  );
}
