/**
 * Earnings at the chosen consultancy (SPEC §6, §9): agents see 'Tuo guadagno totale', the others
 * the platform's earnings ('Guadagno piattaforma').
 */
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section, useHost, type HostItem } from '@sportello/host-api';
import { formatEuro, formatRate } from '../lib/money';
import { priceOf } from '../lib/rentalQuote';
import type { PracticeMoney } from './usePracticeMoney';

export default function EarningsCard({ quote, money }: { quote: HostItem; money: PracticeMoney }) {
  const { t } = useTranslation('noleggio_auto');
  const { flags } = useHost();
  const { earnings, agentRate } = money;
  const months = priceOf(quote).durata ?? 0;
  return (
    <Section title={t('earnings.title')} testId="earnings">
      {earnings ? (
        <div className="sp-earnings">
          {flags.agent ? (
            <Stack gap={2}>
              <Text size="sm" fw={600} c="dimmed">
                {t('earnings.agentTotal')}
              </Text>
              <Text fz={30} fw={800} lh={1.2} data-testid="earnings-value">
                {formatEuro(earnings.total)}
              </Text>
              <Text size="sm" c="dimmed">
                {t('earnings.agentDetail', { monthly: formatEuro(earnings.monthly), count: months, rate: formatRate(agentRate) })}
              </Text>
            </Stack>
          ) : (
            <Stack gap={2}>
              <Text size="sm" fw={600} c="dimmed">
                {t('earnings.platform')}
              </Text>
              <Text fz={30} fw={800} lh={1.2} data-testid="earnings-value">
                {formatEuro(earnings.platform)}
              </Text>
              <Text size="sm" c="dimmed">
                {t('earnings.platformDetail', {
                  consultancy: formatEuro(earnings.platform + earnings.total),
                  agent: formatEuro(earnings.total),
                  rate: formatRate(agentRate),
                })}
              </Text>
            </Stack>
          )}
        </div>
      ) : (
        <Text c="dimmed" size="sm" data-testid="earnings-pending">
          {t('earnings.pending')}
        </Text>
      )}
    </Section>
  );
}
