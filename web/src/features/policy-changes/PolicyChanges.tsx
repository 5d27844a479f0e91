/**
 * A policy's changes and history on its page: 'Nuova appendice' and 'Annulla polizza' for
 * admins (not on a cancelled policy), each change with its figures, and the history of the
 * policy (issue, instalments due and collected, changes, refunds) in date order. Live: the
 * `appendici` stream brings the changes, the history is read again when they or the
 * instalments move.
 */
import { Badge, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import type { HostItem } from '@sportello/host-api';
import { useTranslation } from 'react-i18next';
import { euros, shortDate, toCents } from '../policies/policyLogic';
import { useQuoteEnv } from '../quotes/env';
import { cancelledOn } from './changeLogic';
import CancelButton from './components/CancelButton';
import EndorseButton from './components/EndorseButton';
import { usePolicyChanges, usePolicyHistory } from './useChanges';

export default function PolicyChanges({ policy }: { policy: HostItem }) {
  const { t } = useTranslation('policyChanges');
  const { flags } = useQuoteEnv();
  const changes = usePolicyChanges(policy._id);
  const version = JSON.stringify([policy.rate, policy.cancelledOn, changes.map((c) => c._id)]);
  const { events, failed } = usePolicyHistory(policy._id, version);
  const start = typeof policy.startDate === 'string' ? policy.startDate : undefined;
  const end = typeof policy.endDate === 'string' ? policy.endDate : undefined;
  const open = !cancelledOn(policy);
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="policy-changes">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('title')}</Title>
        {flags.admin && open ? (
          <Group gap="sm">
            <EndorseButton policyId={policy._id} start={start} end={end} />
            <CancelButton policyId={policy._id} start={start} end={end} />
          </Group>
        ) : null}
      </Group>
      <Stack gap="md">
        {changes.length ? (
          <Stack gap={6}>
            {changes.map((change) => (
              <Group key={change._id} justify="space-between" data-testid="policy-change-row">
                <Group gap="xs">
                  <Badge variant="light" color={change.kind === 'annullamento' ? 'red' : 'blue'}>
                    {t(`kind.${change.kind}`)}
                  </Badge>
                  <Text size="sm">
                    {shortDate(change.effectiveOn)} · {change.subtypeLabel ?? change.subtype}
                    {change.description ? ` · ${change.description}` : ''}
                  </Text>
                </Group>
                <Text size="sm" className="policy-money" data-testid="policy-change-total">
                  {euros(toCents(change.price.tot))}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('none')}
          </Text>
        )}
        <div>
          <Text fw={600} size="sm" mb="xs">
            {t('history')}
          </Text>
          {failed ? (
            <Text size="sm" c="red">
              {t('historyFailed')}
            </Text>
          ) : (
            <Timeline bulletSize={12} lineWidth={2} data-testid="policy-history">
              {events.map((event, index) => (
                <Timeline.Item key={`${event.kind}-${index}`} title={<Text size="sm">{event.text}</Text>}>
                  <Text size="xs" c="dimmed">
                    {shortDate(event.date)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
