/** /registrazione/{jwt}: an invited user chooses name and password. */
import { Alert, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { requestJson } from '../../lib/http';
import { AuthLayout } from './AuthLayout';
import { PasswordFields, passwordRules } from './PasswordFields';
import { useLink } from './useLink';

export default function RegistrationPage() {
  const { t } = useTranslation('auth');
  const { jwt = '' } = useParams();
  const navigate = useNavigate();
  const link = useLink<{ email: string; name: string }>(`/api/auth/registration/${encodeURIComponent(jwt)}`);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { name: '', password: '', repeat: '' },
    validate: { ...passwordRules(t), name: (v: string) => (v.trim() ? null : t('login.required')) },
  });
  const linkName = link.status === 'valid' ? link.data.name : '';
  useEffect(() => {
    if (linkName) form.setFieldValue('name', linkName);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkName]);

  const submit = form.onSubmit(async ({ name, password }) => {
    setBusy(true);
    try {
      await requestJson('/api/auth/register', { json: { token: jwt, password, name: name.trim() } });
      notifications.show({ color: 'green', message: t('registration.done') });
      navigate('/login', { replace: true });
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthLayout
      title={t('registration.title')}
      subtitle={link.status === 'valid' ? t('registration.text', { name: link.data.name, email: link.data.email }) : undefined}
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
            <TextInput label={t('registration.name')} {...form.getInputProps('name')} />
            <PasswordFields form={form} />
            <Button type="submit" loading={busy}>
              {t('registration.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
