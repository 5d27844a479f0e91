/**
 * A plate's expiry as the list and the detail show it: the day, and under it where the policy
 * stands — 'In scadenza' within 16 days, 'Scaduta: in tolleranza fino al dd/mm' in the
 * 15 days after the expiry, 'Scaduta' after them.
 */
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@sportello/host-api';
import { coverOn, dayAndMonth } from '../lib/expiry';
import type { PlatePolicy } from '../lib/records';
import { NAMESPACE } from '../paths';

export default function CoverText({ policy, today, size = 'sm' }: { policy: PlatePolicy | null; today: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation(NAMESPACE);
  const cover = coverOn(policy, today);
  const grace = cover.state === 'grace' ? t('cover.grace', { day: dayAndMonth(cover.grazia) }) : '';
  if (cover.state === 'none') {
    return (
      <Text size={size} c="dimmed" data-testid="cover" data-state="none">
        —
      </Text>
    );
  }
  return (
    <div data-testid="cover" data-state={cover.state}>
      <Text size={size} fw={500} td={cover.state === 'expired' ? 'line-through' : undefined}>
        {formatDay(cover.scadenza)}
      </Text>
      {cover.state === 'valid' && cover.soon ? (
        <Badge size="xs" color="orange" variant="light" radius="sm" tt="none">
          {t('cover.soon')}
        </Badge>
      ) : null}
      {cover.state === 'grace' ? (
        <Text size="xs" lh={1.25} lineClamp={2} c="var(--mantine-color-orange-light-color)" fw={600} className="rca-wrap" title={grace}>
          {grace}
        </Text>
      ) : null}
      {cover.state === 'expired' ? (
        <Badge size="xs" color="red" variant="light" radius="sm" tt="none">
          {t('cover.expired')}
        </Badge>
      ) : null}
    </div>
  );
}
