/** `/clienti`: search clients by name, Codice Fiscale / Partita IVA or plate (debounced). */
import { Alert, Badge, Center, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
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
          <div style={{ overflowX: 'auto' }}>
            <Table miw={900} highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.name')}</Table.Th>
                  <Table.Th>{t('columns.fiscalCode')}</Table.Th>
                  <Table.Th>{t('columns.plates')}</Table.Th>
                  <Table.Th>{t('columns.contacts')}</Table.Th>
                  <Table.Th ta="center">{t('columns.quotes')}</Table.Th>
                  <Table.Th ta="center">{t('columns.policies')}</Table.Th>
                  <Table.Th>{t('columns.lastAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((client) => (
                  <Table.Tr
                    key={client._id}
                    style={{ cursor: 'pointer' }}
                    tabIndex={0}
                    data-testid="client-row"
                    onClick={() => void navigate(`/clienti/${client._id}`)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') void navigate(`/clienti/${client._id}`);
                    }}
                  >
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {client.name}
                      </Text>
                      {client.aId ? (
                        <Text size="xs" c="dimmed">
                          {userName(client.aId)}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td ff="monospace" fz="sm">
                      {client.fiscalCode || '—'}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {(client.plates ?? []).map((plate) => (
                          <Badge key={plate} variant="outline" color="gray" radius="sm" ff="monospace">
                            {plate}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td fz="sm">
                      <div>{client.email || ''}</div>
                      <Text size="xs" c="dimmed">
                        {client.phone || ''}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="center">{client.quotes ?? 0}</Table.Td>
                    <Table.Td ta="center">{client.policies ?? 0}</Table.Td>
                    <Table.Td fz="sm">{romeDateTime(client.lastAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        ) : (
          <Center py="xl">
            <Text c="dimmed">{t('empty')}</Text>
          </Center>
        )}
      </Paper>
    </Stack>
  );
}
