/** The activity log: who changed what and when, filtered by kind of record and by user. */
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { ListTable, PlainSelect, formatDateTime, type ListColumn } from '@sportello/host-api';
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
  const top = { td: { style: { verticalAlign: 'top' } } } as const;
  const columns: ListColumn<AuditEntry>[] = [
    {
      key: 'when',
      header: t('activity.when'),
      td: { fz: 'sm', style: { whiteSpace: 'nowrap', verticalAlign: 'top' } },
      cell: (entry) => formatDateTime(entry.at.endsWith('Z') || entry.at.includes('+') ? entry.at : `${entry.at}Z`),
    },
    {
      key: 'who',
      header: t('activity.who'),
      ...top,
      cell: (entry) => (
        <>
          <Text size="sm" fw={500}>
            {entry.actor ? entry.who : t('activity.system')}
          </Text>
          {entry.role ? (
            <Text size="xs" c="dimmed">
              {entry.role}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'what',
      header: t('activity.what'),
      card: 'title',
      ...top,
      cell: (entry) => (
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
      ),
    },
    {
      key: 'changes',
      header: t('activity.changes'),
      card: 'wide',
      ...top,
      cell: (entry) => (
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
      ),
    },
  ];

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
        <ListTable
          rows={entries}
          columns={columns}
          rowKey={(entry) => entry._id}
          rowProps={() => ({ 'data-testid': 'activity-row' })}
          minWidth={800}
          label={t('tabs.attivita')}
          table={{ verticalSpacing: 6 }}
          testId="activity-log"
        />
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
