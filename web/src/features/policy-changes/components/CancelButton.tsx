/**
 * 'Annulla polizza' (admins): the day cover ends, the reason, the day the refund is given back;
 * 'Calcola' shows the refund of the unused net premium (`annullaPolizza` with `preview`),
 * 'Conferma' records it: the refund row, the instalments set aside and the ledger's storno.
 */
import { Button, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { PlainSelect } from '@sportello/host-api';
import { useTranslation } from 'react-i18next';
import DayInput from '../../../components/DayInput';
import { romeToday } from '../../policies/policyLogic';
import { cancellationBody, cancellationReady, EMPTY_CANCELLATION, REASONS, type CancellationDraft, type Reason } from '../changeLogic';
import { usePreviewedChange } from '../usePreviewedChange';
import ChangeStepsFooter from './ChangeStepsFooter';

export default function CancelButton({ policyId, start, end }: { policyId: string; start?: string; end?: string }) {
  const { t } = useTranslation('policyChanges');
  const today = romeToday();
  const { opened, open, close, draft, set, preview, busy, send } = usePreviewedChange<CancellationDraft>({
    empty: EMPTY_CANCELLATION,
    ready: cancellationReady,
    call: 'annullaPolizza',
    body: (current, asPreview) => cancellationBody(policyId, current, asPreview),
    done: t('cancel.done'),
  });

  return (
    <>
      <Button variant="light" color="red" onClick={open} data-testid="cancel-open">
        {t('cancel.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('cancel.title')} centered size="lg">
        <Stack data-testid="cancel-form">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DayInput label={t('cancel.cancelledOn')} value={draft.cancelledOn} min={start} max={end} required onChange={(cancelledOn) => set({ cancelledOn })} data-testid="cancel-date" />
            <PlainSelect
              label={t('cancel.reason')}
              data={REASONS.map((r) => ({ value: r, label: t(`reason.${r}`) }))}
              value={draft.reason}
              onChange={(value) => set({ reason: value as Reason })}
              data-testid="cancel-reason"
            />
            <DayInput label={t('cancel.refundedOn')} value={draft.refundedOn} min={start} max={today} clearable onChange={(refundedOn) => set({ refundedOn })} data-testid="cancel-refund-date" />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('cancel.dayRule')}
          </Text>
          <Textarea label={t('cancel.description')} value={draft.description} maxLength={2000} autosize minRows={2} onChange={(e) => set({ description: e.currentTarget.value })} />
          <ChangeStepsFooter preview={preview} busy={busy} ready={cancellationReady(draft)} onBack={close} onSend={send} testId="cancel" confirmColor="red" />
        </Stack>
      </Modal>
    </>
  );
}
