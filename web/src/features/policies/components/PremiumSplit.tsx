/** The policy's premium: net, the taxes by ramo and the gross, and whether the split was derived from the gross. */
import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HostItem } from '@sportello/host-api';
import SplitTable from '../../quotes/components/SplitTable';
import { RAMI, type Tax } from '../../quotes/taxes';

export default function PremiumSplit({ policy }: { policy: HostItem }) {
  const { t } = useTranslation('policies');
  const premium = Number(policy.premium ?? 0);
  const split = {
    net: typeof policy.net === 'number' ? policy.net : premium,
    taxes: Array.isArray(policy.taxes) ? (policy.taxes as Tax[]) : [],
    taxTotal: typeof policy.taxTotal === 'number' ? policy.taxTotal : 0,
    gross: premium,
  };
  const ramo = typeof policy.ramo === 'string' ? RAMI[policy.ramo] : undefined;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="policy-split">
      <Title order={4} mb="xs">
        {t('split.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm" data-testid="policy-ramo">
        {ramo ? t('split.ramo', { ramo }) : t('split.noRamo')}
        {policy.taxDerived ? ` · ${t('split.derived')}` : ''}
      </Text>
      <SplitTable split={split} testId="policy-split-table" />
    </Paper>
  );
}
