/** The period's collected rows of a company: policy, customer, instalment, day, gross, commission, to remit. */
import { Anchor, Paper, Text } from '@mantine/core';
import { ListTable, type ListColumn } from '@sportello/host-api';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { euros, toCents } from '../../money/money';
import { shortDate } from '../../policies/policyLogic';
import type { CollectedRow, Figures } from '../api';

export default function CollectedRows({ figures }: { figures: Figures }) {
  const { t } = useTranslation('remittances');
  const right = { th: { ta: 'right' }, td: { ta: 'right' } } as const;
  const columns: ListColumn<CollectedRow>[] = [
    {
      key: 'policy',
      header: t('rows.policy'),
      card: 'title',
      cell: (row) => (
        <Anchor component={Link} to={`/polizza/${row.policyId}`} size="sm" data-testid="remit-row-number">{row.number || '—'}</Anchor>
      ),
    },
    { key: 'customer', header: t('rows.customer'), cell: (row) => row.customer || '—' },
    { key: 'instalment', header: t('rows.instalment'), testId: 'remit-row-instalment', cell: (row) => (row.n === 0 ? t('rows.single') : row.instalment) },
    { key: 'paidOn', header: t('rows.paidOn'), cell: (row) => shortDate(row.paidOn) },
    { key: 'gross', header: t('rows.gross'), ...right, testId: 'remit-row-gross', cell: (row) => euros(toCents(row.gross)) },
    { key: 'commission', header: t('rows.commission'), ...right, cell: (row) => euros(toCents(row.commission)) },
    { key: 'toRemit', header: t('rows.toRemit'), ...right, cell: (row) => euros(toCents(row.toRemit)) },
  ];
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <ListTable
        rows={figures.rows}
        columns={columns}
        rowKey={(row) => `${row.policyId}-${row.n}`}
        rowProps={(row) => ({ 'data-testid': 'remit-row', 'data-n': row.n, 'data-gross': row.gross })}
        minWidth={820}
        label={t('rows.title')}
        table={{ verticalSpacing: 'xs', horizontalSpacing: 'md' }}
        testId="remit-rows"
      />
      {figures.rows.length === 0 ? <Text c="dimmed" ta="center" py="lg">{t('rows.empty')}</Text> : null}
      {figures.truncated ? <Text c="dimmed" ta="center" py="sm">{t('rows.truncated', { count: figures.rows.length })}</Text> : null}
    </Paper>
  );
}
