/** 'Preventivo {Prodotto}', its status, who and when; the emission request once made. */
import { Badge, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useHost, type HostItem } from '@sportello/host-api';
import BackToList from '../components/BackToList';
import { loanOf } from '../lib/loanQuote';

export default function PracticeHeader({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('prestiti');
  const host = useHost();
  const { StatusBadge } = host.ui;
  const requested = quote.requestEmission as { at?: string } | undefined;
  const customer = host.quotes.customerName(quote);
  return (
    <div>
      <BackToList />
      <Group gap="sm" mt={4}>
        <Title order={2} data-testid="practice-title">
          {t('practice.title', { product: loanOf(quote).prodotto })}
        </Title>
        <StatusBadge status={quote.status as string | null} />
        {quote.archived ? (
          <Badge color="gray" variant="outline">
            {t('practice.archived')}
          </Badge>
        ) : null}
      </Group>
      <Text c="dimmed" size="sm" mt={4} data-testid="practice-meta">
        {[customer, t('practice.id', { id: quote._id }), t('practice.createdAt', { date: host.format.dateTime(quote.at) }), host.userName(quote.aId as string | null)]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      {requested ? (
        <Text size="sm" c="orange" fw={600} mt={4} data-testid="practice-requested">
          {t('practice.emissionRequested', { date: host.format.dateTime(requested.at) })}
        </Text>
      ) : null}
    </div>
  );
}
