/**
 * On a renewal quote (SPEC §4 status 11): the policy it renews — number, company, expiry and
 * last premium — from the policy when the user's stream holds it (then linked), else from
 * what the renewal kept of it in its details (`quote.renewOf`, `number`, `company`, `endDate`,
 * `previousPremium`).
 */
import { Anchor, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { formatDay, formatEuro, type HostItem } from '@sportello/host-api';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import InfoField from '../../../components/InfoField';
import { useCollection } from '../env';

interface RenewedPolicy {
  id: string;
  number: string | null;
  company: string | null;
  endDate: string | null;
  premium: number | null;
  linked: boolean;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const amount = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The policy a quote renews, or null for a quote that renews none. */
export function renewedPolicy(quote: HostItem, policies: Record<string, HostItem>): RenewedPolicy | null {
  const details = (quote.quote ?? {}) as Record<string, unknown>;
  const id = text(details.renewOf) ?? (typeof quote.renew === 'string' ? quote.renew : null);
  if (!id) return null;
  const policy = policies[id];
  return {
    id,
    number: text(policy?.number) ?? text(details.number),
    company: text(policy?.company) ?? text(details.company),
    endDate: text(policy?.endDate) ?? text(details.endDate),
    premium: amount(policy?.premium) ?? amount(details.previousPremium),
    linked: Boolean(policy),
  };
}


export default function RenewalCard({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('quotes');
  const renewed = renewedPolicy(quote, useCollection('polizze') as Record<string, HostItem>);
  if (!renewed) {
    // a renewal written before renewals named their policy says so rather than nothing
    return quote.renew === true ? (
      <Paper withBorder radius="lg" p="lg" data-testid="renewal-card">
        <Title order={4} mb={4}>
          {t('renewal.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('renewal.unknown')}
        </Text>
      </Paper>
    ) : null;
  }
  const number = renewed.number ?? t('renewal.noNumber');
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="renewal-card">
      <Title order={4} mb="md">
        {t('renewal.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <InfoField size="sm" label={t('renewal.number')} value={<>
          {renewed.linked ? (
            <Anchor component={Link} to={`/polizza/${renewed.id}`} ff="monospace">
              {number}
            </Anchor>
          ) : (
            <Text span ff="monospace">
              {number}
            </Text>
          )}
        </>} />
        <InfoField size="sm" label={t('renewal.company')} value={<>{renewed.company ?? '—'}</>} />
        <InfoField size="sm" label={t('renewal.endDate')} value={<>{renewed.endDate ? formatDay(renewed.endDate) : '—'}</>} />
        <InfoField size="sm" label={t('renewal.premium')} value={<>{renewed.premium !== null ? formatEuro(renewed.premium) : '—'}</>} />
      </SimpleGrid>
    </Paper>
  );
}
