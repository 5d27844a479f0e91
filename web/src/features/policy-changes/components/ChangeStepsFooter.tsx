/**
 * The end of a change's dialog: the server's figures once computed, then 'Indietro', 'Calcola'
 * (the preview) and 'Conferma' (enabled once the figures are shown).
 */
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PolicyChange } from '../changeLogic';
import ChangeFigures from './ChangeFigures';

export default function ChangeStepsFooter({
  preview,
  busy,
  ready,
  onBack,
  onSend,
  testId,
  confirmColor,
}: {
  preview: PolicyChange | null;
  busy: boolean;
  ready: boolean;
  onBack: () => void;
  onSend: (asPreview: boolean) => Promise<void>;
  /** The buttons' test ids: `{testId}-preview`, `{testId}-confirm`. */
  testId: string;
  confirmColor?: string;
}) {
  const { t } = useTranslation('policyChanges');
  return (
    <>
      {preview ? <ChangeFigures change={preview} /> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack}>
          {t('cancel.back')}
        </Button>
        <Button variant="light" loading={busy} disabled={!ready} onClick={() => void onSend(true)} data-testid={`${testId}-preview`}>
          {t('compute')}
        </Button>
        <Button color={confirmColor} loading={busy} disabled={!preview} onClick={() => void onSend(false)} data-testid={`${testId}-confirm`}>
          {t('confirm')}
        </Button>
      </Group>
    </>
  );
}
