/** The intermediary's own RUI entry (the tenant's): shown to every collaborator, edited by the office. */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { romeToday, shortDate } from '../../policies/policyLogic';
import { errorText, notify } from '../../quotes/env';
import { fetchIntermediary, saveIntermediary } from '../api';
import { useRuiLoad } from '../useRuiLoad';
import EntryForm from './EntryForm';

export default function IntermediaryCard({ editor }: { editor: boolean }) {
  const { t } = useTranslation('rui');
  const load = useCallback(() => fetchIntermediary(), []);
  const { data, reload } = useRuiLoad(load);
  const rui = data?.rui ?? null;
  const save = async (form: { name?: string; section: string; number: string; registeredOn: string; endedOn: string | null }) => {
    try {
      await saveIntermediary({ name: form.name ?? '', section: form.section, number: form.number, registeredOn: form.registeredOn, endedOn: form.endedOn });
      notify.success(t('entry.saved'));
      reload();
    } catch (failure) {
      notify.error(errorText(failure));
    }
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="rui-intermediary">
      <Stack gap="xs">
        <Title order={4}>{t('intermediary.title')}</Title>
        <Text size="sm">
          {rui
            ? t('intermediary.summary', { name: rui.name || '—', section: rui.section, number: rui.number, date: shortDate(rui.registeredOn) })
            : t('intermediary.none')}
        </Text>
        {editor && data ? (
          <EntryForm
            key={JSON.stringify(rui)}
            withName
            today={romeToday()}
            initial={{ name: rui?.name ?? '', section: rui?.section ?? 'A', number: rui?.number ?? '', registeredOn: rui?.registeredOn ?? '', endedOn: rui?.endedOn ?? null, intermediaryName: '', intermediaryNumber: null }}
            onSave={save}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
