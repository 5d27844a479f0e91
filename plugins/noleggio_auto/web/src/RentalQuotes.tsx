/** The rental quotes the user may see (GET /api/noleggio-auto/preventivi). */
import { Alert, Badge, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHost } from './host';

interface RentalQuote {
  _id: string;
  cliente: string;
  auto: string;
  canone: number | null;
  at: string;
  aId: string | null;
  status: string | null;
}

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
const day = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: 'short', year: 'numeric' });

export default function RentalQuotes() {
  const { t } = useTranslation('noleggio_auto');
  const { userName } = useHost();
  const navigate = useNavigate();
  const [quotes, setQuotes] = useState<RentalQuote[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetch('/api/noleggio-auto/preventivi', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(async (response) => {
        const body = await response.json();
        if (!response.ok) throw new Error(body?.error?.message ?? String(response.status));
        if (live) setQuotes(body as RentalQuote[]);
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, []);

  return (
    <Stack gap="lg" data-testid="rental-quotes">
      <div>
        <Title order={2}>{t('list.title')}</Title>
        {quotes && <Text c="dimmed">{t('list.subtitle', { count: quotes.length })}</Text>}
      </div>
      {error && <Alert color="red">{t('list.error', { message: error })}</Alert>}
      {!quotes && !error && <Skeleton h={220} radius="lg" />}
      {quotes && (
        <Paper withBorder radius="lg" shadow="xs" style={{ overflow: 'hidden' }}>
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.cliente')}</Table.Th>
                <Table.Th>{t('columns.auto')}</Table.Th>
                <Table.Th>{t('columns.canone')}</Table.Th>
                <Table.Th>{t('columns.data')}</Table.Th>
                <Table.Th>{t('columns.collaboratore')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {quotes.map((q) => (
                <Table.Tr key={q._id} onClick={() => navigate(q._id)} style={{ cursor: 'pointer' }}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text fw={600} size="sm">{q.cliente || '—'}</Text>
                      {q.status && <Badge variant="light" size="xs">{q.status}</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>{q.auto || '—'}</Table.Td>
                  <Table.Td>
                    {q.canone == null ? '—' : <>{euro.format(q.canone)}<Text span c="dimmed" size="xs">{t('list.perMonth')}</Text></>}
                  </Table.Td>
                  <Table.Td>{day.format(new Date(q.at))}</Table.Td>
                  <Table.Td>{userName(q.aId)}</Table.Td>
                </Table.Tr>
              ))}
              {!quotes.length && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" ta="center" py="lg">{t('list.empty')}</Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
