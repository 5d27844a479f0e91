/** The activity log: who changed what and when, filtered by kind of record and by user. */
import { Badge, Button, Code, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { PlainSelect } from '@sportello/host-api';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortDateTime } from '../../lib/format';
import type { User } from '../../lib/roles';
import { errorText, notify, useCollection, useQuoteEnv } from '../quotes/env';
import { type AuditEntry, fetchActivity } from './api';

const ENTITIES = ['users', 'tenant_settings', 'quotes', 'policies', 'products', 'documents', 'clients'] as const;
const COLORS = { insert: 'green', update: 'blue', delete: 'red' } as const;

/** A change in a line: `field: old → new` for updates, the fields for inserts and deletes. */
function summary(entry: AuditEntry): string {
  return Object.entries(entry.changes)
    .slice(0, 6)
    .map(([field, value]) => {
      const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v).slice(0, 60) : String(v).slice(0, 60));
      return entry.action === 'update' && Array.isArray(value) ? `${field}: ${show(value[0])} → ${show(value[1])}` : `${field}: ${show(value)}`;
    })
    .join(' · ');
}

export default function ActivitySection() {
  const { t } = useTranslation('settings');
  const { userName } = useQuoteEnv();
  const users = useCollection('usr');
  const [entity, setEntity] = useState('');
  const [actor, setActor] = useState('');
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [more, setMore] = useState(false);
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
          <PlainSelect label={t('activity.entity')} data={[{ value: '', label: t('activity.all') }, ...ENTITIES.map((e) => ({ value: e, label: t(`activity.entities.${e}`) }))]} value={entity} onChange={setEntity} w={220} data-testid="activity-entity" />
          <PlainSelect
            label={t('activity.actor')}
            data={[{ value: '', label: t('activity.everyone') }, ...(Object.values(users) as User[]).map((u) => ({ value: u._id, label: String(u.name || u.email || u._id) }))]}
            value={actor}
            onChange={setActor}
            w={260}
          />
        </Group>
        <div style={{ overflowX: 'auto' }}>
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
                  <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                    {shortDateTime(entry.at.endsWith('Z') || entry.at.includes('+') ? entry.at : `${entry.at}Z`)}
                  </Table.Td>
                  <Table.Td fz="sm">{entry.actor ? userName(entry.actor) || entry.actor : t('activity.system')}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Badge size="sm" variant="light" color={COLORS[entry.action]}>
                        {t(`activity.actions.${entry.action}`)}
                      </Badge>
                      <Text size="sm">{t(`activity.entities.${entry.entity}`, { defaultValue: entry.entity })}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Code fz="xs" style={{ whiteSpace: 'normal', wordBreak: 'break-word' }}>
                      {summary(entry)}
                    </Code>
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
