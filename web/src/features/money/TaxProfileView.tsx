/** A collaborator's tax profile, read only: the withholding in words, codice fiscale, partita
 * IVA and IBAN (for the collaborator themself and for admins; the server refuses others). */
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../quotes/env';
import { fetchTaxProfile, type TaxProfile } from './api';

export function useTaxProfile(userId: string, changed: unknown): { profile: TaxProfile | null; error: string | null; reload: () => void } {
  const [profile, setProfile] = useState<TaxProfile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    if (!userId) return;
    fetchTaxProfile(userId).then(
      (found) => {
        setProfile(found);
        setError(null);
      },
      (failure) => setError(errorText(failure)),
    );
  }, [userId]);
  // the user's record changes when the profile does (the usr stream): read it again
  useEffect(reload, [reload, changed]);
  return { profile, error, reload };
}

export default function TaxProfileView({ profile }: { profile: TaxProfile }) {
  const { t } = useTranslation('money');
  const rows: [string, string | null][] = [
    [t('profile.taxCode'), profile.taxCode],
    [t('profile.vatNumber'), profile.vatNumber],
    [t('profile.iban'), profile.iban],
  ];
  return (
    <Paper withBorder radius="lg" p="md" data-testid="tax-profile-view">
      <Stack gap={4}>
        <Text fw={600}>{t('profile.title')}</Text>
        <Text size="sm" data-testid="tax-description">{profile.description}</Text>
        {rows.map(([label, value]) => (
          <Group key={label} gap="xs">
            <Text size="sm" c="dimmed">{label}:</Text>
            <Text size="sm" ff="monospace">{value ?? '—'}</Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
