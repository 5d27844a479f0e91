/** A quote status as a badge coloured by a hash of its text. */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusColor } from '../quoteLogic';

export default function StatusBadge({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation('quotes');
  return (
    <Badge color={statusColor(status)} variant="light" radius="sm" tt="none" fw={600} data-testid="status-badge">
      {status || t('status.none')}
    </Badge>
  );
}
