import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

export const MIN_PASSWORD = 10;

export function passwordRules(t: (key: string) => string) {
  return {
    password: (v: string) => (v.length >= MIN_PASSWORD ? null : t('reset.tooShort')),
    repeat: (v: string, values: { password: string }) => (v === values.password ? null : t('reset.mismatch')),
  };
}

export function PasswordFields<T extends { password: string; repeat: string }>({ form }: { form: UseFormReturnType<T> }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordInput label={t('reset.password')} autoComplete="new-password" {...form.getInputProps('password')} />
      <PasswordInput label={t('reset.repeat')} autoComplete="new-password" {...form.getInputProps('repeat')} />
    </>
  );
}
