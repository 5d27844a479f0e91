import { Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAt, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { useServices, useSession } from '../../app/context';
import { describeError } from '../../session/loginErrors';
import { AuthLayout } from './AuthLayout';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { session } = useServices();
  const { phase, tenant } = useSession();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { email: '', password: '', keep: true },
    validate: {
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : t('login.invalidEmail')),
      password: (v) => (v ? null : t('login.required')),
    },
  });

  if (phase === 'authenticated') {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from !== '/login' ? from : '/'} replace />;
  }

  const submit = form.onSubmit(async ({ email, password, keep }) => {
    setBusy(true);
    try {
      await session.login(email.trim(), password, keep);
    } catch (error) {
      notifications.show({ color: 'red', message: describeError(error).message || String(error), id: 'login' });
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle', { title: tenant.title })}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            leftSection={<IconAt size={16} />}
            {...form.getInputProps('email')}
            name="email"
            autoFocus
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            {...form.getInputProps('password')}
            name="password"
          />
          <Checkbox label={t('login.keep')} {...form.getInputProps('keep', { type: 'checkbox' })} />
          <Button type="submit" loading={busy} fullWidth size="md">
            {t('login.submit')}
          </Button>
          <Anchor component={Link} to="/resetPwd" size="sm" ta="center">
            {t('login.forgot')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
