/**
 * Earnings at the consultancy on the slider (SPEC §6, §9): agents see 'Tuo guadagno totale';
 * the others the collaborator's earnings and, when they may, the platform's.
 */
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatEuro, Section, useHost } from '@sportello/host-api';
import type { PracticeMoney } from './usePracticeMoney';

export default function EarningsCard({ money }: { money: PracticeMoney }) {
  const { t } = useTranslation('prestiti');
  const { flags } = useHost();
  const { earnings } = money;
  return (
    <Section title={t('earnings.title')} testId="earnings">
      {earnings ? (
        <div className="sp-earnings">
          <Stack gap={2}>
            <Text size="sm" fw={600} c="dimmed">
              {flags.agent ? t('earnings.agentTotal') : t('earnings.collaborator')}
            </Text>
            <Text fz={30} fw={800} lh={1.2} data-testid="earnings-value">
              {formatEuro(earnings.total)}
            </Text>
            <Text size="sm" c="dimmed" data-testid="earnings-detail">
              {t('earnings.detail', { istruttoria: formatEuro(earnings.istruttoria), consulenza: formatEuro(earnings.consulenza) })}
            </Text>
            {!flags.agent && earnings.platform !== null ? (
              <Text size="sm" fw={600} mt="xs" data-testid="earnings-platform">
                {t('earnings.platform', { value: formatEuro(earnings.platform) })}
              </Text>
            ) : null}
          </Stack>
        </div>
      ) : (
        <Text c="dimmed" size="sm" data-testid="earnings-pending">
          {money.earningsError ? t('earnings.error', { message: money.earningsError }) : t('earnings.pending')}
        </Text>
      )}
    </Section>
  );
}
