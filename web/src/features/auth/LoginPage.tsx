import { Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAt, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { useServices, useSession } from '../../session/context';
import { describeError } from '../../session/loginErrors';
import { AuthLayout } from './AuthLayout';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { session, preload } = useServices();
  const { phase, tenant } = useSession();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  // plain state: the login screen is on the initial path, @mantine/form is not needed here
  const [values, setValues] = useState({ email: '', password: '', keep: true });
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const field = (name: 'email' | 'password') => ({
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      session.connect(); // the realtime client downloads while the user types,
      preload?.(nextPath(location.state)); // and so does the screen the login leads to
      setValues({ ...values, [name]: event.currentTarget.value });
      setErrors({ ...errors, [name]: undefined });
    },
  });

  if (phase === 'authenticated') return <Navigate to={nextPath(location.state)} replace />;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { email, password, keep } = values;
    const found = {
      email: /^\S+@\S+\.\S+$/.test(email.trim()) ? undefined : t('login.invalidEmail'),
      password: password ? undefined : t('login.required'),
    };
    setErrors(found);
    if (found.email || found.password) return;
    setBusy(true);
    try {
      await session.login(email.trim(), password, keep);
    } catch (error) {
      notifications.show({ color: 'red', message: describeError(error).message || String(error), id: 'login' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle', { title: tenant.title })}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            leftSection={<IconAt size={16} />}
            {...field('email')}
            name="email"
            autoFocus
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            {...field('password')}
            name="password"
          />
          <Checkbox
            label={t('login.keep')}
            checked={values.keep}
            onChange={(event) => setValues({ ...values, keep: event.currentTarget.checked })}
          />
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

/** Where the login leads: the private page that sent the user here, else home. */
function nextPath(state: unknown): string {
  const from = (state as { from?: string } | null)?.from;
  return from && from !== '/login' ? from : '/';
}
