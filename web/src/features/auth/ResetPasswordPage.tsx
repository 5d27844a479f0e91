/** /resetPwd asks for the email; /resetPwd/{jwt} sets the new password. */
import { Alert, Anchor, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { requestJson } from '../../lib/http';
import { AuthLayout } from './AuthLayout';
import { PasswordFields, passwordRules } from './PasswordFields';
import { useLink } from './useLink';

function RequestLink() {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : t('login.invalidEmail')) },
  });
  const submit = form.onSubmit(async ({ email }) => {
    setBusy(true);
    try {
      const { message } = await requestJson<{ message: string }>('/api/auth/password-reset', { json: { email: email.trim() } });
      notifications.show({ color: 'green', message });
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  });
  return (
    <AuthLayout title={t('reset.requestTitle')} subtitle={t('reset.requestText')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('login.email')} type="email" {...form.getInputProps('email')} />
          <Button type="submit" loading={busy}>
            {t('reset.requestSubmit')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('reset.toLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}

function NewPassword({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const link = useLink<{ email: string }>(`/api/auth/password-reset/${encodeURIComponent(token)}`);
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { password: '', repeat: '' }, validate: passwordRules(t) });
  const submit = form.onSubmit(async ({ password }) => {
    setBusy(true);
    try {
      const { message } = await requestJson<{ message: string }>('/api/auth/password-reset/confirm', { json: { token, password } });
      notifications.show({ color: 'green', message });
      navigate('/login', { replace: true });
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  });
  return (
    <AuthLayout
      title={t('reset.title')}
      subtitle={link.status === 'valid' ? t('reset.text', { email: link.data.email }) : undefined}
    >
      {link.status === 'checking' && (
        <Stack align="center">
          <Loader />
          <Text c="dimmed">{t('checkingLink')}</Text>
        </Stack>
      )}
      {link.status === 'invalid' && (
        <Alert color="red" title={t('invalidLink')}>
          {link.message}
        </Alert>
      )}
      {link.status === 'valid' && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <PasswordFields form={form} />
            <Button type="submit" loading={busy}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}

export default function ResetPasswordPage() {
  const { jwt } = useParams();
  return jwt ? <NewPassword token={jwt} /> : <RequestLink />;
}
