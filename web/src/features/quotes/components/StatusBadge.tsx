/** A quote status as a badge coloured by a hash of its text; an issued quote's reads
 * 'Polizza emessa n. …' instead (its status stays underneath). */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusColor } from '../quoteLogic';

export default function StatusBadge({ status, policy }: { status: string | null | undefined; policy?: { number: string | null } | null }) {
  const { t } = useTranslation('quotes');
  if (policy) {
    return (
      <Badge color="green" variant="light" radius="sm" tt="none" fw={600} data-testid="status-badge" data-issued="true" title={status ?? undefined}>
        {policy.number ? t('status.issued', { number: policy.number }) : t('status.issuedNoNumber')}
      </Badge>
    );
  }
  return (
    <Badge color={statusColor(status)} variant="light" radius="sm" tt="none" fw={600} data-testid="status-badge">
      {status || t('status.none')}
    </Badge>
  );
}
