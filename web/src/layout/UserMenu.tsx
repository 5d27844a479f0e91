/** The user menu: name, role label (in the tenant's wording), theme, language, account, logout. */
import { Group, Menu, Text, UnstyledButton, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconLanguage, IconLogout, IconMoon, IconSun, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices, useSession } from '../app/context';
import { useAccess } from '../app/useAccess';
import { changeLanguage } from '../lib/i18n';
import { roleLabel } from '../lib/roles';
import { UserAvatar } from './UserAvatar';

const LANGUAGE_NAMES: Record<string, string> = { it: 'Italiano', en: 'English' };

export function UserMenu() {
  const { t, i18n } = useTranslation('layout');
  const { session } = useServices();
  const { user, tenant } = useSession();
  const { flags } = useAccess();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  if (!user) return null;
  const role = roleLabel(flags, tenant.wording, t);

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
    <Menu position="bottom-end" width={240} shadow="lg" radius="md" withinPortal>
      <Menu.Target>
        <UnstyledButton className="user-button" aria-label={t('userMenu.open')} data-testid="user-menu">
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
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed">
            {role}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          leftSection={scheme === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />}
          onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
          data-testid="theme-toggle"
        >
          {t(scheme === 'dark' ? 'userMenu.lightTheme' : 'userMenu.darkTheme')}
        </Menu.Item>
        {tenant.languages.length > 1 &&
          tenant.languages
            .filter((lang) => lang !== i18n.language)
            .map((lang) => (
              <Menu.Item key={lang} leftSection={<IconLanguage size={16} />} onClick={() => void changeLanguage(lang)}>
                {LANGUAGE_NAMES[lang] ?? lang}
              </Menu.Item>
            ))}
        <Menu.Item component={Link} to="/account" leftSection={<IconUserCircle size={16} />}>
          {t('userMenu.account')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={confirmLogout} data-testid="logout">
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
