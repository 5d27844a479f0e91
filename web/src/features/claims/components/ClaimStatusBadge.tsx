/** A claim's status as a coloured badge. */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ClaimStatus } from '../claimLogic';

const COLORS: Record<ClaimStatus, string> = {
  aperto: 'orange',
  in_istruttoria: 'blue',
  liquidato: 'green',
  senza_seguito: 'gray',
  respinto: 'red',
};

export default function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  const { t } = useTranslation('claims');
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" data-testid="claim-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
