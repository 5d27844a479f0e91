/**
 * `/saldo-collaboratore` for admins: every collaborator holding a balance (agents without a
 * parent, referrers) with the balance, the last movement and the withholding in words, each
 * opening `/saldo-collaboratore/{id}`. Live on the `saldo` stream and the policies.
 */
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, ListTable, type ListColumn } from '@sportello/host-api';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchBalances, type BalanceRow } from './api';
import MoneyFigure from './MoneyFigure';
import { euros, toCents } from './money';
import { useLiveLoad } from './useLiveLoad';

export default function BalancesOverview() {
  const { t } = useTranslation('money');
  const { data, error } = useLiveLoad(fetchBalances, 'saldo');
  const columns: ListColumn<BalanceRow>[] = [
    {
      key: 'name',
      header: t('report.collaborator'),
      card: 'title',
      cell: (row) => (
        <Anchor component={Link} to={`/saldo-collaboratore/${encodeURIComponent(row._id)}`} size="sm" fw={600}>
          {row.name}
        </Anchor>
      ),
    },
    { key: 'withholding', header: t('overview.withholding'), card: 'wide', td: { fz: 'sm' }, cell: (row) => row.withholding },
    { key: 'lastMovement', header: t('overview.lastMovement'), td: { fz: 'sm' }, cell: (row) => (row.lastMovement ? formatDateTime(row.lastMovement) : t('overview.none')) },
    {
      key: 'balance',
      header: t('overview.balance'),
      th: { ta: 'right' },
      td: { ta: 'right' },
      cell: (row) => (
        <Text span inherit fw={600} c={toCents(row.balance) < 0 ? 'red' : undefined}>
          {euros(toCents(row.balance))}
        </Text>
      ),
    },
  ];
  return (
    <Stack gap="md" className="page" maw={1100} data-testid="balances-overview">
      <Title order={2}>{t('overview.title')}</Title>
      {error ? <Text c="red">{error}</Text> : null}
      {data ? <MoneyFigure label={t('overview.total')} cents={toCents(data.total)} testId="balances-total" /> : null}
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <ListTable
          rows={data?.collaborators ?? []}
          columns={columns}
          rowKey={(row) => row._id}
          rowProps={() => ({ 'data-testid': 'balance-row' })}
          minWidth={760}
          label={t('overview.title')}
          table={{ verticalSpacing: 'sm', horizontalSpacing: 'md' }}
        />
        {data && data.collaborators.length === 0 ? <Text c="dimmed" ta="center" py="lg">{t('overview.empty')}</Text> : null}
      </Paper>
    </Stack>
  );
}
