/** The activity log: who changed what and when, filtered by kind of record and by user. */
import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { PlainSelect, formatDateTime } from '@sportello/host-api';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../lib/roles';
import { errorText, notify, useCollection } from '../quotes/env';
import { type AuditChange, type AuditEntry, fetchActivity, fetchActivityKinds } from './api';


/** A changed field in a line: `Stato: Preventivato → In lavorazione compagnia`, or its value
 * alone for a creation or a deletion. */
export function changeText(change: AuditChange): string {
  if (change.old === null) return `${change.label}: ${change.new ?? '—'}`;
  if (change.new === null) return `${change.label}: ${change.old}`;
  return `${change.label}: ${change.old} → ${change.new}`;
}

export default function ActivitySection() {
  const { t } = useTranslation('settings');
  const users = useCollection('usr');
  const [entity, setEntity] = useState('');
  const [actor, setActor] = useState('');
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [more, setMore] = useState(false);
  const [kinds, setKinds] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    fetchActivityKinds().then(setKinds, () => setKinds([]));
  }, []);
  const load = useCallback(
    async (before?: string) => {
      try {
        const page = await fetchActivity({ entity, actor, before });
        setEntries((old) => (before ? [...old, ...page] : page));
        setMore(page.length === 100);
      } catch (error) {
        notify.error(errorText(error));
      }
    },
    [entity, actor],
  );
  useEffect(() => void load(), [load]);

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Group gap="md" align="flex-end">
          <PlainSelect label={t('activity.entity')} data={[{ value: '', label: t('activity.all') }, ...kinds]} value={entity} onChange={setEntity} w={220} data-testid="activity-entity" />
          <PlainSelect
            label={t('activity.actor')}
            data={[{ value: '', label: t('activity.everyone') }, ...(Object.values(users) as User[]).map((u) => ({ value: u._id, label: String(u.name || u.email || u._id) }))]}
            value={actor}
            onChange={setActor}
            w={260}
          />
        </Group>
        <div style={{ overflowX: 'auto' }} tabIndex={0}>
          <Table miw={800} verticalSpacing={6} data-testid="activity-log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('activity.when')}</Table.Th>
                <Table.Th>{t('activity.who')}</Table.Th>
                <Table.Th>{t('activity.what')}</Table.Th>
                <Table.Th>{t('activity.changes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry._id} data-testid="activity-row">
                  <Table.Td fz="sm" style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    {formatDateTime(entry.at.endsWith('Z') || entry.at.includes('+') ? entry.at : `${entry.at}Z`)}
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Text size="sm" fw={500}>
                      {entry.actor ? entry.who : t('activity.system')}
                    </Text>
                    {entry.role ? (
                      <Text size="xs" c="dimmed">
                        {entry.role}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Text size="sm" data-testid="activity-what">
                      {entry.what}
                      {entry.record ? (
                        <>
                          {' '}
                          <Text span fw={600}>
                            {entry.record}
                          </Text>
                        </>
                      ) : null}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Stack gap={2} data-testid="activity-changes">
                      {entry.changes.map((change, index) => (
                        <Text key={index} size="xs" style={{ wordBreak: 'break-word' }}>
                          {changeText(change)}
                        </Text>
                      ))}
                      {entry.more ? (
                        <Text size="xs" c="dimmed">
                          {t('activity.moreFields', { count: entry.more })}
                        </Text>
                      ) : null}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
        {entries.length === 0 ? <Text c="dimmed">{t('activity.empty')}</Text> : null}
        {more ? (
          <Button variant="default" w="fit-content" onClick={() => void load(entries[entries.length - 1]?.at)}>
            {t('activity.more')}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
