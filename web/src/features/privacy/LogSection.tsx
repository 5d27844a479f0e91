/**
 * `/impostazioni` › Registro privacy (admins): the processing log (art. 30 GDPR), newest
 * first, filtered by operation and client, a page at a time.
 */
import { Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { formatDateTime, ListTable, type ListColumn, PlainSelect } from '@sportello/host-api';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../lib/notify';
import { errorText } from '../quotes/env';
import { getLog, LOG_ACTIONS, type LogEntry } from './api';

const PAGE = 50;

/** An entry's details in a line: `marketing: sì (link)`, `versione 3`, `conservati 4`. */
export function detailText(entry: LogEntry): string {
  const d = entry.details;
  if (entry.action === 'consenso') return `${String(d.kind)}: ${d.given ? '✓' : '✗'} (${String(d.channel)}, v${String(d.noticeVersion)})`;
  if (entry.action === 'informativa') return `v${String(d.version)}`;
  if (entry.action === 'cancellazione') return `${Array.isArray(d.kept) ? d.kept.length : 0} / ${String(d.anonymised ?? 0)}`;
  return '';
}

export default function LogSection() {
  const { t } = useTranslation('privacy');
  const [action, setAction] = useState('');
  const [client, setClient] = useState('');
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const [more, setMore] = useState(false);
  const load = useCallback(
    async (after?: LogEntry) => {
      try {
        const page = await getLog({ action, client }, after);
        setEntries((old) => (after ? [...old, ...page] : page));
        setMore(page.length === PAGE);
      } catch (error) {
        notifyError(errorText(error));
      }
    },
    [action, client],
  );
  useEffect(() => void load(), [load]);
  const columns: ListColumn<LogEntry>[] = [
    { key: 'at', header: t('log.when'), cell: (e) => formatDateTime(e.at), card: 'title', td: { style: { whiteSpace: 'nowrap' } } },
    { key: 'action', header: t('log.action'), cell: (e) => t(`log.actions.${e.action}`) },
    { key: 'who', header: t('log.who'), cell: (e) => (e.actor ? e.who || e.actor : t('log.system')) },
    {
      key: 'client',
      header: t('log.client'),
      cell: (e) =>
        e.clientId ? (
          <Anchor component={Link} to={`/clienti/${e.clientId}`} size="sm">
            {e.clientId}
          </Anchor>
        ) : (
          '—'
        ),
    },
    { key: 'details', header: t('log.details'), cell: (e) => detailText(e) },
  ];
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="settings-privacy-log">
      <Stack gap="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <PlainSelect
            label={t('log.action')}
            data={[{ value: '', label: t('log.all') }, ...LOG_ACTIONS.map((a) => ({ value: a, label: t(`log.actions.${a}`) }))]}
            value={action}
            onChange={setAction}
            w={220}
            data-testid="privacy-log-action"
          />
          <TextInput label={t('log.client')} value={client} onChange={(e) => setClient(e.currentTarget.value.slice(0, 32))} w={260} />
        </Group>
        <ListTable
          rows={entries}
          columns={columns}
          rowKey={(e) => e._id}
          rowProps={() => ({ 'data-testid': 'privacy-log-row' })}
          label={t('log.title')}
          minWidth={720}
          empty={<Text c="dimmed">{t('log.empty')}</Text>}
        />
        {more ? (
          <Button variant="default" w="fit-content" onClick={() => void load(entries[entries.length - 1])}>
            {t('log.more')}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
