/** The period's collected rows of a company: policy, customer, instalment, day, gross, commission, to remit. */
import { Anchor, Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { euros, toCents } from '../../money/money';
import { shortDate } from '../../policies/policyLogic';
import type { Figures } from '../api';

export default function CollectedRows({ figures }: { figures: Figures }) {
  const { t } = useTranslation('remittances');
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <div style={{ overflowX: 'auto' }} tabIndex={0}>
        <Table miw={820} verticalSpacing="xs" horizontalSpacing="md" data-testid="remit-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rows.policy')}</Table.Th>
              <Table.Th>{t('rows.customer')}</Table.Th>
              <Table.Th>{t('rows.instalment')}</Table.Th>
              <Table.Th>{t('rows.paidOn')}</Table.Th>
              <Table.Th ta="right">{t('rows.gross')}</Table.Th>
              <Table.Th ta="right">{t('rows.commission')}</Table.Th>
              <Table.Th ta="right">{t('rows.toRemit')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {figures.rows.map((row) => (
              <Table.Tr key={`${row.policyId}-${row.n}`} data-testid="remit-row" data-n={row.n} data-gross={row.gross}>
                <Table.Td>
                  <Anchor component={Link} to={`/polizza/${row.policyId}`} size="sm" data-testid="remit-row-number">{row.number || '—'}</Anchor>
                </Table.Td>
                <Table.Td>{row.customer || '—'}</Table.Td>
                <Table.Td data-testid="remit-row-instalment">{row.n === 0 ? t('rows.single') : row.instalment}</Table.Td>
                <Table.Td>{shortDate(row.paidOn)}</Table.Td>
                <Table.Td ta="right" data-testid="remit-row-gross">{euros(toCents(row.gross))}</Table.Td>
                <Table.Td ta="right">{euros(toCents(row.commission))}</Table.Td>
                <Table.Td ta="right">{euros(toCents(row.toRemit))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      {figures.rows.length === 0 ? <Text c="dimmed" ta="center" py="lg">{t('rows.empty')}</Text> : null}
      {figures.truncated ? <Text c="dimmed" ta="center" py="sm">{t('rows.truncated', { count: figures.rows.length })}</Text> : null}
    </Paper>
  );
}
