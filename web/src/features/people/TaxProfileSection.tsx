/**
 * The 'Profilo fiscale' of a collaborator on `/utenti/{id}` (admins): the withholding base
 * (art. 25-bis DPR 600/1973: 50 % of the commissions, 20 % when they declare employees or
 * third parties, none in the flat-rate regime, art. 1 c. 67 L. 190/2014), codice fiscale,
 * partita IVA and IBAN. The rate is the user's 'Ritenuta d'acconto' above. The server checks
 * every code and says what is wrong; the section follows the live user.
 */
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { PlainSelect } from '@sportello/host-api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveTaxProfile, type WithholdingBase } from '../money/api';
import { useTaxProfile } from '../money/TaxProfileView';
import { errorText, notify } from '../quotes/env';

const BASES: WithholdingBase[] = ['50', '20', 'nessuna'];

interface Form {
  base: WithholdingBase;
  taxCode: string;
  vatNumber: string;
  iban: string;
}

const clean = (text: string) => text.replace(/\s+/g, '').toUpperCase() || null;

export default function TaxProfileSection({ userId, changed }: { userId: string; changed: unknown }) {
  const { t } = useTranslation('people');
  const { profile, error } = useTaxProfile(userId, changed);
  const [form, setForm] = useState<Form | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (profile) setForm({ base: profile.base, taxCode: profile.taxCode ?? '', vatNumber: profile.vatNumber ?? '', iban: profile.iban ?? '' });
  }, [profile]);
  if (error) return <Text c="red">{error}</Text>;
  if (!form || !profile) return null;
  const set = (changes: Partial<Form>) => setForm({ ...form, ...changes });
  const save = async () => {
    setBusy(true);
    try {
      await saveTaxProfile(userId, { base: form.base, taxCode: clean(form.taxCode), vatNumber: clean(form.vatNumber), iban: clean(form.iban) });
      notify.success(t('tax.saved'));
    } catch (failure) {
      notify.error(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="tax-profile">
      <Stack gap="md">
        <div>
          <Title order={4}>{t('tax.title')}</Title>
          <Text size="sm" c="dimmed" data-testid="tax-description">{profile.description}</Text>
        </div>
        <PlainSelect
          label={t('tax.base')}
          description={t('tax.baseHelp')}
          data={BASES.map((value) => ({ value, label: t(`tax.bases.${value}`) }))}
          value={form.base}
          onChange={(base) => set({ base: base as WithholdingBase })}
          w={520}
          data-testid="tax-base"
        />
        <Group gap="md" align="flex-start">
          <TextInput label={t('tax.taxCode')} value={form.taxCode} onChange={(e) => set({ taxCode: e.currentTarget.value })} maxLength={20} w={220} data-testid="tax-code" />
          <TextInput label={t('tax.vatNumber')} value={form.vatNumber} onChange={(e) => set({ vatNumber: e.currentTarget.value })} maxLength={16} w={180} inputMode="numeric" data-testid="tax-vat" />
          <TextInput label={t('tax.iban')} value={form.iban} onChange={(e) => set({ iban: e.currentTarget.value })} maxLength={42} w={320} data-testid="tax-iban" />
        </Group>
        <Group justify="flex-end">
          <Button variant="light" onClick={() => void save()} loading={busy} data-testid="tax-save">
            {t('tax.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
