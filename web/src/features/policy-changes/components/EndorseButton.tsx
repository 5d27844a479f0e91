/**
 * 'Nuova appendice' (admins): the subject, the effective day, the new yearly premium and what
 * changes; 'Calcola' asks the server for the figures (`creaAppendice` with `preview`), and
 * 'Conferma' records it. The receipt joins the instalments through the `polizze` stream.
 */
import { Button, Modal, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { AmountInput, PlainSelect } from '@sportello/host-api';
import { useTranslation } from 'react-i18next';
import DayInput from '../../../components/DayInput';
import { EMPTY_ENDORSEMENT, endorsementBody, endorsementReady, SUBTYPES, type EndorsementDraft, type Subtype } from '../changeLogic';
import { usePreviewedChange } from '../usePreviewedChange';
import ChangeStepsFooter from './ChangeStepsFooter';

export default function EndorseButton({ policyId, start, end }: { policyId: string; start?: string; end?: string }) {
  const { t } = useTranslation('policyChanges');
  const { opened, open, close, draft, set, preview, busy, send } = usePreviewedChange<EndorsementDraft>({
    empty: EMPTY_ENDORSEMENT,
    ready: endorsementReady,
    call: 'creaAppendice',
    body: (current, asPreview) => endorsementBody(policyId, current, asPreview),
    done: t('endorse.done'),
  });
  const text = (key: keyof EndorsementDraft, max: number) => (
    <TextInput label={t(`endorse.${key}`)} value={String(draft[key] ?? '')} maxLength={max} onChange={(e) => set({ [key]: e.currentTarget.value })} data-testid={`endorse-${key}`} />
  );

  return (
    <>
      <Button variant="light" onClick={open} data-testid="endorse-open">
        {t('endorse.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('endorse.title')} centered size="lg">
        <Stack data-testid="endorse-form">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PlainSelect
              label={t('endorse.subtype')}
              data={SUBTYPES.map((s) => ({ value: s, label: t(`subtype.${s}`) }))}
              value={draft.subtype}
              onChange={(value) => set({ subtype: value as Subtype })}
              data-testid="endorse-subtype"
            />
            <DayInput label={t('endorse.effectiveOn')} value={draft.effectiveOn} min={start} max={end} required onChange={(effectiveOn) => set({ effectiveOn })} data-testid="endorse-date" />
            <AmountInput
              label={t('endorse.annualPremium')}
              description={t('endorse.annualHint')}
              value={draft.annualPremium}
              onChange={(annualPremium) => set({ annualPremium })}
              data-testid="endorse-premium"
            />
            {draft.subtype === 'veicolo' ? (
              <>
                {text('oldPlate', 12)}
                {text('newPlate', 12)}
              </>
            ) : null}
            {draft.subtype === 'conducente' ? text('driver', 120) : null}
            {draft.subtype === 'indirizzo' ? text('address', 200) : null}
            {draft.subtype === 'garanzie' ? text('guarantees', 400) : null}
          </SimpleGrid>
          <Textarea label={t('endorse.description')} value={draft.description} maxLength={2000} autosize minRows={2} onChange={(e) => set({ description: e.currentTarget.value })} />
          <ChangeStepsFooter preview={preview} busy={busy} ready={endorsementReady(draft)} onBack={close} onSend={send} testId="endorse" />
        </Stack>
      </Modal>
    </>
  );
}
