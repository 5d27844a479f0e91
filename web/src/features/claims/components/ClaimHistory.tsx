/** A claim's status changes, oldest first, with the day and who made them. */
import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { shortDateTime } from '../../../lib/format';
import { useQuoteEnv } from '../../quotes/env';
import type { HistoryEntry } from '../claimLogic';

export default function ClaimHistory({ history }: { history: HistoryEntry[] }) {
  const { t } = useTranslation('claims');
  const { userName } = useQuoteEnv();
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="claim-history">
      <Title order={4} mb="sm">
        {t('detail.history')}
      </Title>
      <ol className="claim-history">
        {history.map((entry, index) => {
          const status = t(`status.${entry.status}`);
          const date = shortDateTime(entry.at);
          const name = userName(entry.by);
          return (
            <li key={`${entry.at}-${index}`} data-testid="claim-history-entry">
              <Text size="sm">{name ? t('detail.historyBy', { status, date, name }) : t('detail.historyAt', { status, date })}</Text>
            </li>
          );
        })}
      </ol>
    </Paper>
  );
}
