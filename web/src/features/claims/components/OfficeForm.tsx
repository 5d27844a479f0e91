/**
 * The office's form on a claim (admins and responsabili): the company's claim number, the day
 * it was reported, the status (only where it may go next), the responsibility, the reserve and
 * the amount paid, saved with `aggiornaSinistro` (only what changed).
 */
import { Button, Group, Paper, SimpleGrid, TextInput, Title } from '@mantine/core';
import { AmountInput, PlainSelect } from '@sportello/host-api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import DayInput from '../../../components/DayInput';
import { errorText, notify, useQuoteEnv } from '../../quotes/env';
import { isStatus, RESPONSIBILITIES, statusChoices, type Claim, type Responsibility } from '../claimLogic';
import { officeChanges, officeOf, type OfficeDraft } from '../office';

export default function OfficeForm({ claim, today }: { claim: Claim; today: string }) {
  const { t } = useTranslation('claims');
  const { call } = useQuoteEnv();
  const [draft, setDraft] = useState<OfficeDraft>(() => officeOf(claim));
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<OfficeDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const changes = officeChanges(claim, draft);
  const dirty = Object.keys(changes).length > 0;

  const save = async () => {
    if (!dirty) return;
    setSaving(true);
    try {
      await call('aggiornaSinistro', { claimId: claim._id, ...changes });
      notify.success(t('office.saved'));
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p="lg" data-testid="claim-office">
      <Title order={4} mb="md">
        {t('office.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <TextInput
          label={t('fields.companyClaimNumber')}
          value={draft.companyClaimNumber}
          maxLength={100}
          onChange={(e) => set({ companyClaimNumber: e.currentTarget.value })}
          data-testid="office-number"
        />
        <DayInput
          label={t('fields.reportedOn')}
          value={draft.reportedOn}
          min={claim.knownOn}
          max={today}
          clearable
          onChange={(next) => set({ reportedOn: next })}
          data-testid="office-reported-on"
        />
        <PlainSelect
          label={t('fields.status')}
          data={statusChoices(claim.status).map((s) => ({ value: s, label: t(`status.${s}`) }))}
          value={draft.status}
          onChange={(value) => isStatus(value) && set({ status: value })}
          data-testid="office-status"
        />
        <PlainSelect
          label={t('fields.responsibility')}
          data={[{ value: '', label: t('responsibility.unknown') }, ...RESPONSIBILITIES.map((r) => ({ value: r, label: t(`responsibility.${r}`) }))]}
          value={draft.responsibility}
          onChange={(value) => set({ responsibility: value as Responsibility | '' })}
          data-testid="office-responsibility"
        />
        <AmountInput label={t('fields.reserve')} value={draft.reserve} onChange={(reserve) => set({ reserve })} data-testid="office-reserve" />
        <AmountInput label={t('fields.paid')} value={draft.paid} onChange={(paid) => set({ paid })} data-testid="office-paid" />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button disabled={!dirty} loading={saving} onClick={() => void save()} data-testid="office-save">
          {t('office.save')}
        </Button>
      </Group>
    </Paper>
  );
}
