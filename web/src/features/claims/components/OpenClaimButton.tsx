/** 'Apri sinistro' on a policy: the facts in a dialog, sent with `apriSinistro`; the new claim opens. */
import { Button, Group, Modal, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText, notify, useQuoteEnv } from '../../quotes/env';
import type { Claim } from '../claimLogic';
import { EMPTY_FACTS, factsBody, factsReady, type FactsDraft } from '../facts';
import FactsFields from './FactsFields';

export default function OpenClaimButton({ policyId, policyNumber, today }: { policyId: string; policyNumber: string; today: string }) {
  const { t } = useTranslation('claims');
  const { call, store } = useQuoteEnv();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<FactsDraft>(EMPTY_FACTS);
  const [saving, setSaving] = useState(false);

  const send = async () => {
    if (!factsReady(draft)) return;
    setSaving(true);
    try {
      const claim = await call<Claim>('apriSinistro', { policyId, ...factsBody(draft) });
      // in the store at once: the stream's event may come after the answer
      store.applyBatch({ sinistri: { [claim._id]: claim } });
      notify.success(t('policy.opened'));
      setOpened(false);
      setDraft(EMPTY_FACTS);
      void navigate(`/sinistri/${claim._id}`);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button leftSection={<IconPlus size={18} />} onClick={() => setOpened(true)} data-testid="claim-open">
        {t('policy.open')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('policy.openTitle', { number: policyNumber })} centered size="lg">
        <Stack data-testid="claim-open-form">
          <FactsFields value={draft} onChange={setDraft} today={today} withThirdParty />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('facts.cancel')}
            </Button>
            <Button loading={saving} disabled={!factsReady(draft)} onClick={() => void send()} data-testid="claim-open-send">
              {t('policy.open')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
