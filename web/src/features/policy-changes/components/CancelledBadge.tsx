/** 'Annullata il …' on a cancelled policy (its page and the list). */
import { Badge } from '@mantine/core';
import type { HostItem } from '@sportello/host-api';
import { useTranslation } from 'react-i18next';
import { shortDate } from '../../policies/policyLogic';
import { cancelledOn } from '../changeLogic';

export default function CancelledBadge({ policy }: { policy: HostItem }) {
  const { t } = useTranslation('policyChanges');
  const day = cancelledOn(policy);
  if (!day) return null;
  return (
    <Badge color="red" variant="light" data-testid="policy-cancelled">
      {t('cancelledOn', { date: shortDate(day) })}
    </Badge>
  );
}
