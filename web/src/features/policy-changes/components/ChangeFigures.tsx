/** The figures of a change as the server computed them: days, net, taxes, total, the agent's part, the instalments refunded. */
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import InfoField from '../../../components/InfoField';
import { euros, toCents } from '../../policies/policyLogic';
import type { PolicyChange } from '../changeLogic';

export default function ChangeFigures({ change }: { change: PolicyChange }) {
  const { t } = useTranslation('policyChanges');
  const { details, price } = change;
  const refund = details.refund ?? [];
  return (
    <Paper withBorder radius="md" p="md" data-testid="change-figures">
      <Stack gap="sm">
        {change.kind === 'appendice' && details.annualAfter !== undefined ? (
          <Text size="sm">
            {t('figures.annual', {
              before: euros(toCents(Number(details.annualBefore))),
              after: euros(toCents(Number(details.annualAfter))),
              days: details.days,
              period: details.period,
            })}
          </Text>
        ) : null}
        {refund.map((line) => (
          <Text size="sm" key={String(line.id)} data-testid="change-refund-line">
            {t('figures.refundLine', { n: line.n || '—', net: euros(toCents(Number(line.net))), days: line.days, period: line.period })}
          </Text>
        ))}
        {change.kind === 'annullamento' && details.setAside?.length ? (
          <Text size="sm" c="dimmed">
            {t('figures.setAside', { list: details.setAside.join(', ') })}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <InfoField label={t('figures.total')} value={euros(toCents(price.tot))} testId="change-total" />
          <InfoField label={t('figures.net')} value={euros(toCents(price.net))} />
          <InfoField label={t('figures.tax')} value={euros(toCents(price.tax))} />
          <InfoField label={t('figures.agent')} value={euros(toCents(price.agente?.tot ?? 0))} />
        </SimpleGrid>
        {change.kind === 'annullamento' ? (
          <Text size="xs" c="dimmed">
            {t('figures.taxesKept')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
