/** "Annulla" under the answers form: back to the saved answers, the form closed. */
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function CancelButton({ onCancel, disabled = false }: { onCancel: () => void; disabled?: boolean }) {
  const { t } = useTranslation('needs');
  return (
    <Button size="md" variant="default" disabled={disabled} onClick={onCancel} data-testid="needs-cancel">
      {t('form.cancel')}
    </Button>
  );
}
