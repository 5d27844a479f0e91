/**
 * `/prestiti/soglie`: the tenant's usury table, live from `prestiti/tegm` (the quarterly
 * decree's TEGM by category and amount band, and the threshold it gives). Admins add, change
 * and delete its lines; responsabili read it.
 */
import { ActionIcon, Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCirclePlus, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, useHost } from '@sportello/host-api';
import BackToList from '../components/BackToList';
import { bandOf, sortedRows, type TegmRow } from '../lib/tegmTable';
import { formatPercent, formatRate } from '../lib/taeg';
import { TEGM_STREAM } from '../streams';
import TegmEditor from './TegmEditor';
import '@sportello/host-api/line.css';
import '../loans.css';

const day = (iso: string): string => iso.split('-').reverse().join('/');

export default function TegmPage() {
  const { t } = useTranslation('prestiti');
  const host = useHost();
  const table = host.useCollection(TEGM_STREAM);
  const rows = useMemo(() => sortedRows(Object.values(table)), [table]);
  const [editing, setEditing] = useState<TegmRow | 'new' | null>(null);
  const admin = host.flags.admin;

  if (!host.flags.canEdit) {
    return (
      <Alert color="yellow" variant="light" data-testid="usury-denied">
        {t('usury.denied')}
      </Alert>
    );
  }

  const remove = async (row: TegmRow) => {
    if (!window.confirm(t('usury.confirmDelete', { category: row.category }))) return;
    try {
      await host.call('prestiti.eliminaTegm', { _id: row._id });
      host.notify.success(t('usury.deleted'));
    } catch (error) {
      host.notify.error(t('usury.saveError', { message: errorMessage(error) }));
    }
  };

  return (
    <Stack gap="md" className="sp-page" data-testid="usury-page">
      <Group justify="space-between" align="flex-end">
        <div>
          <BackToList />
          <Title order={2} mt={4}>
            {t('usury.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('usury.subtitle')}
          </Text>
        </div>
        {admin && editing === null ? (
          <Button leftSection={<IconCirclePlus size={18} />} onClick={() => setEditing('new')} data-testid="tegm-add">
            {t('usury.add')}
          </Button>
        ) : null}
      </Group>
      {admin && editing !== null ? (
        <Paper withBorder radius="lg" p="lg">
          <Title order={4} mb="md">
            {editing === 'new' ? t('usury.newTitle') : t('usury.editTitle')}
          </Title>
          <TegmEditor key={editing === 'new' ? 'new' : editing._id} row={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        </Paper>
      ) : null}
      <Paper withBorder radius="lg" p="xs">
        {rows.length ? (
          <Table className="sp-table-plain" verticalSpacing={8} highlightOnHover data-testid="tegm-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('usury.category')}</Table.Th>
                <Table.Th>{t('usury.band')}</Table.Th>
                <Table.Th ta="right">{t('usury.tegm')}</Table.Th>
                <Table.Th ta="right">{t('usury.threshold')}</Table.Th>
                <Table.Th>{t('usury.validity')}</Table.Th>
                {admin ? <Table.Th aria-label={t('usury.actions')} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row._id} data-testid="tegm-row" data-id={row._id}>
                  <Table.Td>{row.category}</Table.Td>
                  <Table.Td>{t(bandOf(row).key, bandOf(row).values)}</Table.Td>
                  <Table.Td ta="right">{formatPercent(Number(row.tegm))}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatRate(Number(row.threshold))}
                  </Table.Td>
                  <Table.Td>{`${day(row.from)} – ${day(row.to)}`}</Table.Td>
                  {admin ? (
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon variant="subtle" aria-label={t('usury.edit')} onClick={() => setEditing(row)} data-testid="tegm-edit">
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon variant="subtle" color="red" aria-label={t('usury.delete')} onClick={() => void remove(row)} data-testid="tegm-delete">
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text c="dimmed" p="md" data-testid="tegm-empty">
            {t('usury.empty')}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
