/**
 * Side menu (SPEC §2): 60 px, 240 px on hover, collapsed on leave; hover is locked for 1 s
 * after a route change. Entries by the role rules of SPEC §6 and the tenant's configuration.
 * Below the theme's `md` breakpoint (phones, tablets: no hover) the same entries open in a
 * drawer from the top bar's burger (MenuDrawer), labels shown, closed on a route change.
 */
import { Badge, Drawer, UnstyledButton } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentProps } from 'react';
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
  const location = useLocation();
  const [expanded, setExpanded] = useState(false);
  const lockedUntil = useRef(0);

  useEffect(() => {
    lockedUntil.current = Date.now() + HOVER_LOCK_MS;
    setExpanded(false);
  }, [location.pathname]);

  const onEnter = () => {
    if (Date.now() >= lockedUntil.current) setExpanded(true);
  };

  return (
    <MenuBody
      className={`side-menu ${expanded ? 'is-expanded' : ''}`}
      style={{ width: expanded ? MENU_EXPANDED : MENU_COLLAPSED }}
      expanded={expanded}
      onMouseEnter={onEnter}
      onMouseMove={onEnter}
      onMouseLeave={() => setExpanded(false)}
    />
  );
}

/** The menu in a drawer, for phones and tablets: opened by the top bar's burger. */
export function MenuDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('menu');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={MENU_EXPANDED + 40}
      padding={0}
      title={t('navigation')}
      closeButtonProps={{ size: 'xl', 'aria-label': t('common:close') }}
      classNames={{ header: 'menu-drawer-header' }}
      data-testid="menu-drawer"
    >
      <MenuBody className="side-menu is-expanded is-drawer" expanded onNavigate={onClose} />
    </Drawer>
  );
}

interface MenuBodyProps extends Omit<ComponentProps<'nav'>, 'children'> {
  expanded: boolean;
  /** Called when an entry is followed (the drawer closes). */
  onNavigate?: () => void;
}

/** The brand, the entries with their chips and the support button. */
function MenuBody({ expanded, onNavigate, ...nav }: MenuBodyProps) {
  const { t } = useTranslation('menu');
  const { menu, flags } = useAccess();
  const { settings, tenant } = useSession();
  const label = useEntryLabel();
  const [supportOpen, support] = usePopup();

  const statuses = settings?.stati ?? [];
  const chipsSelector = useCallback(
    (state: StoreState) => selectMenuChips(state, flags, statuses, new Date()),
    [flags, statuses],
  );
  const chips = useStoreSelector(chipsSelector);

  return (
    <nav {...nav} aria-label={t('navigation')} data-testid="side-menu">
      {/* in the drawer the tenant's name shows, and names the link */}
      <Link
        to="/"
        className="side-menu-home"
        aria-label={onNavigate ? undefined : 'Home'}
        data-testid="menu-home"
        onClick={onNavigate}
      >
        <span className="side-menu-mark" aria-hidden={onNavigate ? true : undefined}>
          {tenant.title.charAt(0)}
        </span>
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
              <MenuLink entry={entry} text={text} count={count} expanded={expanded} onNavigate={onNavigate} />
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

interface MenuLinkProps {
  entry: MenuEntry;
  text: string;
  count: number;
  expanded: boolean;
  onNavigate?: () => void;
}

function MenuLink({ entry, text, count, expanded, onNavigate }: MenuLinkProps) {
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
      onClick={onNavigate}
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
