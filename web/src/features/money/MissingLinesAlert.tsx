/**
 * The product lines whose commissions the server could not read (`missingLines`: their plugin
 * failed): the figures on screen leave them out, and the user is told which.
 */
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export default function MissingLinesAlert({ lines }: { lines?: string[] }) {
  const { t, i18n } = useTranslation('money');
  if (!lines?.length) return null;
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(lines);
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle />} title={t('missingLines.title')} data-testid="missing-lines">
      {t('missingLines.text', { lines: names })}
    </Alert>
  );
}
