/**
 * `/account`: one's own name, photo, language and theme; a new password (every other session
 * ends, this one keeps working with the token the server hands back); sign out everywhere.
 */
import { Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { modals } from '@mantine/modals';
import { PlainSelect } from '@sportello/host-api';
import { IconLogout } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RadioList } from '../../components/NativeChoices';
import { UserAvatar } from '../../layout/UserAvatar';
import { changeLanguage } from '../../lib/i18n';
import type { User } from '../../lib/roles';
import { useServices, useSession } from '../../session/context';
import { errorText, notify, useCollection } from '../quotes/env';
import { logoutEverywhere, saveAccount } from './api';
import PhotoButton from './PhotoButton';

export default function AccountPage() {
  const { t, i18n } = useTranslation('people');
  const { session } = useServices();
  const { user: sessionUser, tenant } = useSession();
  const users = useCollection('usr');
  const user = (sessionUser ? (users[sessionUser._id] ?? sessionUser) : null) as User | null;
  const [name, setName] = useState(user?.name ?? '');
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'name' | 'password' | null>(null);
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  useEffect(() => setName(user?.name ?? ''), [user?.name]);
  if (!user) return null;

  const saveName = async () => {
    setBusy('name');
    try {
      await saveAccount({ name: name.trim() });
      notify.success(t('account.saved'));
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const language = async (lang: string) => {
    try {
      await saveAccount({ lang });
      await changeLanguage(lang);
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  const newPassword = async () => {
    setBusy('password');
    try {
      await session.invoke('cambiaPassword', { current, password });
      setCurrent('');
      setPassword('');
      notify.success(t('account.passwordChanged'));
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const everywhere = () =>
    modals.openConfirmModal({
      title: t('account.everywhereTitle'),
      children: <Text size="sm">{t('account.everywhereMessage')}</Text>,
      labels: { confirm: t('account.everywhere'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void logoutEverywhere()
          .then(() => session.logout())
          .catch((error: unknown) => notify.error(errorText(error))),
    });


  return (
    <Stack gap="md" className="page" maw={720} data-testid="account-page">
      <Group gap="md">
        <UserAvatar user={user} size={64} />
        <div>
          <Title order={2}>{user.name || user.email}</Title>
          <Text c="dimmed" size="sm">
            {user.email}
          </Text>
        </div>
      </Group>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Group align="flex-end" gap="sm">
            <TextInput label={t('fields.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} w={320} data-testid="account-name" />
            <Button onClick={() => void saveName()} loading={busy === 'name'} disabled={!name.trim() || name.trim() === user.name}>
              {t('save')}
            </Button>
          </Group>
          <PhotoButton userId={user._id} />
          <Group gap="lg" align="flex-end">
            <PlainSelect
              label={t('account.language')}
              data={tenant.languages.map((lang) => ({ value: lang, label: t(`account.languages.${lang}`) }))}
              value={i18n.language}
              onChange={(lang) => void language(lang)}
              w={200}
              data-testid="account-language"
            />
            <RadioList
              name="theme"
              label={t('account.theme')}
              value={scheme}
              onChange={(value) => setColorScheme(value as 'light' | 'dark')}
              choices={[
                { value: 'light', label: t('account.light') },
                { value: 'dark', label: t('account.dark') },
              ]}
              testId="account-theme"
            />
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm" maw={420}>
          <Title order={4}>{t('account.password')}</Title>
          <Text size="sm" c="dimmed">
            {t('account.passwordHelp')}
          </Text>
          <PasswordInput label={t('account.current')} value={current} onChange={(e) => setCurrent(e.currentTarget.value)} autoComplete="current-password" />
          <PasswordInput label={t('account.new')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="new-password" />
          <Button onClick={() => void newPassword()} loading={busy === 'password'} disabled={!current || password.length < 8} w="fit-content">
            {t('account.change')}
          </Button>
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Group justify="space-between">
          <Text size="sm">{t('account.everywhereHelp')}</Text>
          <Button color="red" variant="light" leftSection={<IconLogout size={16} />} onClick={everywhere}>
            {t('account.everywhere')}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
