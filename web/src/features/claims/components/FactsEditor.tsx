/**
 * The correction of a claim's facts, saved with `aggiornaSinistro`: by anyone who sees the
 * claim while it is `aperto`, by the office always (the server refuses anyone else).
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notify, useQuoteEnv } from '../../quotes/env';
import type { Claim } from '../claimLogic';
import { factsBody, factsOf, factsReady, type FactsDraft } from '../facts';
import FactsFields from './FactsFields';

export default function FactsEditor({ claim, today, onDone }: { claim: Claim; today: string; onDone: () => void }) {
  const { t } = useTranslation('claims');
  const { call } = useQuoteEnv();
  const [draft, setDraft] = useState<FactsDraft>(() => factsOf(claim));
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!factsReady(draft)) {
      notify.error(t('facts.required'));
      return;
    }
    setSaving(true);
    try {
      await call('aggiornaSinistro', { claimId: claim._id, ...factsBody(draft) });
      notify.success(t('facts.saved'));
      onDone();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p="lg" data-testid="claim-facts-editor">
      <Stack gap="sm">
        <Title order={4}>{t('facts.edit')}</Title>
        <Text size="sm" c="dimmed">
          {t('facts.editHelp')}
        </Text>
        <FactsFields value={draft} onChange={setDraft} today={today} withThirdParty />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('facts.cancel')}
          </Button>
          <Button loading={saving} disabled={!factsReady(draft)} onClick={() => void save()} data-testid="facts-save">
            {t('facts.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
