/**
 * `/saldo-collaboratore` for admins: every collaborator holding a balance (agents without a
 * parent, referrers) with the balance, the last movement and the withholding in words, each
 * opening `/saldo-collaboratore/{id}`. Live on the `saldo` stream and the policies.
 */
import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '@sportello/host-api';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchBalances } from './api';
import MoneyFigure from './MoneyFigure';
import { euros, toCents } from './money';
import { useLiveLoad } from './useLiveLoad';

export default function BalancesOverview() {
  const { t } = useTranslation('money');
  const { data, error } = useLiveLoad(fetchBalances, 'saldo');
  return (
    <Stack gap="md" className="page" maw={1100} data-testid="balances-overview">
      <Title order={2}>{t('overview.title')}</Title>
      {error ? <Text c="red">{error}</Text> : null}
      {data ? <MoneyFigure label={t('overview.total')} cents={toCents(data.total)} testId="balances-total" /> : null}
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <div style={{ overflowX: 'auto' }} tabIndex={0}>
          <Table miw={760} verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('report.collaborator')}</Table.Th>
                <Table.Th>{t('overview.withholding')}</Table.Th>
                <Table.Th>{t('overview.lastMovement')}</Table.Th>
                <Table.Th ta="right">{t('overview.balance')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(data?.collaborators ?? []).map((row) => (
                <Table.Tr key={row._id} data-testid="balance-row">
                  <Table.Td>
                    <Anchor component={Link} to={`/saldo-collaboratore/${encodeURIComponent(row._id)}`} size="sm">{row.name}</Anchor>
                  </Table.Td>
                  <Table.Td fz="sm">{row.withholding}</Table.Td>
                  <Table.Td fz="sm">{row.lastMovement ? formatDateTime(row.lastMovement) : t('overview.none')}</Table.Td>
                  <Table.Td ta="right" fw={600} c={toCents(row.balance) < 0 ? 'red' : undefined}>{euros(toCents(row.balance))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
        {data && data.collaborators.length === 0 ? <Text c="dimmed" ta="center" py="lg">{t('overview.empty')}</Text> : null}
      </Paper>
    </Stack>
  );
}
