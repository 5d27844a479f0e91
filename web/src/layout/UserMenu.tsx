/**
 * The user menu: name, role label (in the tenant's wording), theme, language, account, logout.
 * A small dropdown of our own: Mantine's Menu would bring its floating-ui positioning into
 * the shell's initial JavaScript for one fixed, top-right panel.
 */
import { Divider, Group, Paper, Text, UnstyledButton, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconLanguage, IconLogout, IconMoon, IconSun, IconUserCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useServices, useSession } from '../session/context';
import { useAccess } from '../session/useAccess';
import { changeLanguage } from '../lib/i18n';
import { roleLabel } from '../lib/roles';
import { UserAvatar } from './UserAvatar';

const LANGUAGE_NAMES: Record<string, string> = { it: 'Italiano', en: 'English' };

function useDropdown() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return { open, setOpen, root };
}

function Item({ icon, children, onClick, danger, to, testId }: {
  icon: ReactNode; children: ReactNode; onClick?: () => void; danger?: boolean; to?: string; testId?: string;
}) {
  const className = `user-menu-item ${danger ? 'is-danger' : ''}`;
  return to ? (
    <Link to={to} role="menuitem" className={className} data-testid={testId}>
      {icon}
      {children}
    </Link>
  ) : (
    <UnstyledButton role="menuitem" className={className} onClick={onClick} data-testid={testId}>
      {icon}
      {children}
    </UnstyledButton>
  );
}

export function UserMenu() {
  const { t, i18n } = useTranslation('layout');
  const { session } = useServices();
  const { user, tenant } = useSession();
  const { flags } = useAccess();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const { open, setOpen, root } = useDropdown();
  if (!user) return null;
  const role = roleLabel(flags, tenant.wording, t);
  const then = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  const confirmLogout = () =>
    modals.openConfirmModal({
      title: t('logout.title'),
      children: <Text size="sm">{t('logout.message')}</Text>,
      labels: { confirm: t('common:confirm'), cancel: t('common:cancel') },
      confirmProps: { color: 'red', 'data-testid': 'logout-confirm' } as never,
      centered: true,
      onConfirm: () => void session.logout(),
    });

  return (
    <div className="user-menu" ref={root}>
      <UnstyledButton
        className="user-button"
        title={t('userMenu.open')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="user-menu"
      >
        <Group gap="xs" wrap="nowrap">
          <UserAvatar user={user} size={36} />
          <div className="user-button-text">
            <Text size="sm" fw={600} lineClamp={1}>
              {user.name ?? user.email}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1} data-testid="role-label">
              {role}
            </Text>
          </div>
          <IconChevronDown size={14} />
        </Group>
      </UnstyledButton>
      {open && (
        <Paper className="user-menu-panel" shadow="lg" radius="md" withBorder role="menu">
          <div className="user-menu-head">
            <Text size="sm" fw={600}>
              {user.name}
            </Text>
            <Text size="xs" c="dimmed">
              {user.email} · {role}
            </Text>
          </div>
          <Divider mb={4} />
          <Item
            icon={scheme === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />}
            onClick={then(() => setColorScheme(scheme === 'dark' ? 'light' : 'dark'))}
            testId="theme-toggle"
          >
            {t(scheme === 'dark' ? 'userMenu.lightTheme' : 'userMenu.darkTheme')}
          </Item>
          {tenant.languages
            .filter((lang) => lang !== i18n.language)
            .map((lang) => (
              <Item key={lang} icon={<IconLanguage size={16} />} onClick={then(() => void changeLanguage(lang))}>
                {LANGUAGE_NAMES[lang] ?? lang}
              </Item>
            ))}
          <Item icon={<IconUserCircle size={16} />} to="/account">
            {t('userMenu.account')}
          </Item>
          <Divider my={4} />
          <Item icon={<IconLogout size={16} />} onClick={then(confirmLogout)} danger testId="logout">
            {t('userMenu.logout')}
          </Item>
        </Paper>
      )}
    </div>
  );
}
