/** `/clienti`: search clients by name, Codice Fiscale / Partita IVA or plate (debounced). */
import { Alert, Badge, Center, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { ListTable, type ListColumn, type ListRowProps } from '@sportello/host-api';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { romeDateTime } from '../quotes/fieldText';
import { useQuoteEnv } from '../quotes/env';
import { useServices } from '../../session/context';
import { type ClientRow, SEARCH_DEBOUNCE_MS, searchClients } from './api';

export default function ClientsPage() {
  const { t } = useTranslation('clients');
  const navigate = useNavigate();
  const { userName } = useQuoteEnv();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [query] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const [rows, setRows] = useState<ClientRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const { session } = useServices();

  // a client changed on another screen: search again
  useEffect(() => session.watch('clienti', () => setVersion((v) => v + 1)), [session]);

  useEffect(() => {
    const controller = new AbortController();
    setParams(query ? { q: query } : {}, { replace: true });
    searchClients(query, controller.signal)
      .then((found) => {
        setRows(found);
        setError(null);
      })
      .catch((e: Error) => {
        if (!controller.signal.aborted) setError(e.message);
      });
    return () => controller.abort();
  }, [query, setParams, version]);

  const open = (client: ClientRow) => void navigate(`/clienti/${client._id}`);
  const rowProps = (client: ClientRow): ListRowProps => ({
    style: { cursor: 'pointer' },
    tabIndex: 0,
    'data-testid': 'client-row',
    onClick: () => open(client),
    onKeyDown: (event) => {
      if (event.key === 'Enter') open(client);
    },
  });
  const columns: ListColumn<ClientRow>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      card: 'title',
      cell: (client) => (
        <>
          <Text fw={600} size="sm">
            {client.name}
          </Text>
          {client.aId ? (
            <Text size="xs" c="dimmed">
              {userName(client.aId)}
            </Text>
          ) : null}
        </>
      ),
    },
    { key: 'fiscalCode', header: t('columns.fiscalCode'), td: { ff: 'monospace', fz: 'sm' }, cell: (client) => client.fiscalCode || '—' },
    {
      key: 'plates',
      header: t('columns.plates'),
      cell: (client) => (
        <Group gap={4}>
          {(client.plates ?? []).map((plate) => (
            <Badge key={plate} variant="outline" color="gray" radius="sm" ff="monospace">
              {plate}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'contacts',
      header: t('columns.contacts'),
      td: { fz: 'sm' },
      cell: (client) => (
        <>
          <div>{client.email || ''}</div>
          <Text size="xs" c="dimmed">
            {client.phone || ''}
          </Text>
        </>
      ),
    },
    { key: 'quotes', header: t('columns.quotes'), th: { ta: 'center' }, td: { ta: 'center' }, cell: (client) => client.quotes ?? 0 },
    { key: 'policies', header: t('columns.policies'), th: { ta: 'center' }, td: { ta: 'center' }, cell: (client) => client.policies ?? 0 },
    { key: 'lastAt', header: t('columns.lastAt'), td: { fz: 'sm' }, cell: (client) => romeDateTime(client.lastAt) },
  ];

  return (
    <Stack gap="md" className="page" maw={1300} data-testid="clients-page">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('title')}</Title>
        {rows ? (
          <Text c="dimmed" size="sm">
            {t('count', { count: rows.length })}
          </Text>
        ) : null}
      </Group>
      <TextInput
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maw={480}
        data-testid="client-search"
      />
      {error ? (
        <Alert color="red" variant="light">
          {t('error', { error })}
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        {rows === null && !error ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : rows?.length ? (
          <ListTable
            rows={rows}
            columns={columns}
            rowKey={(client) => client._id}
            rowProps={rowProps}
            minWidth={900}
            label={t('title')}
            table={{ highlightOnHover: true, verticalSpacing: 'sm', horizontalSpacing: 'md' }}
          />
        ) : (
          <Center py="xl">
            <Text c="dimmed">{t('empty')}</Text>
          </Center>
        )}
      </Paper>
    </Stack>
  );
}
