/** `/tutela-legale`: the user's practices, live from the line's stream; a new one by title. */
import { Badge, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, useHost } from '@sportello/host-api';
import { newestFirst, usePractices } from './host';
import { NAMESPACE, paths, SAVE } from './paths';

export default function PracticeList() {
  const { t } = useTranslation(NAMESPACE);
  const host = useHost();
  const practices = newestFirst(usePractices());
  const [title, setTitle] = useState('');
  const [client, setClient] = useState('');
  const [busy, setBusy] = useState(false);

  const create = async () => {
    setBusy(true);
    try {
      await host.call(SAVE, { title, client });
      setTitle('');
      setClient('');
      host.notify.success(t('list.created'));
    } catch (error) {
      host.notify.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" data-testid="tutela_legale-list">
      <Title order={2}>{t('list.title')}</Title>
      <Group align="flex-end">
        <TextInput label={t('list.newTitle')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <TextInput label={t('list.newClient')} value={client} onChange={(e) => setClient(e.currentTarget.value)} />
        <Button onClick={create} disabled={!title.trim() || !client.trim() || busy} loading={busy}>
          {t('list.create')}
        </Button>
      </Group>
      {practices.length === 0 ? (
        <Text c="dimmed">{host.dataLoaded ? t('list.empty') : t('list.loading')}</Text>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.title')}</Table.Th>
              <Table.Th>{t('columns.client')}</Table.Th>
              <Table.Th>{t('columns.status')}</Table.Th>
              <Table.Th>{t('columns.at')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {practices.map((practice) => (
              <Table.Tr key={practice._id} data-testid="tutela_legale-row">
                <Table.Td>
                  <Link to={paths.practice(practice._id)}>{practice.title}</Link>
                </Table.Td>
                <Table.Td>{practice.client}</Table.Td>
                <Table.Td>
                  <Badge variant="light">{practice.status}</Badge>
                </Table.Td>
                <Table.Td>{formatDateTime(practice.at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
