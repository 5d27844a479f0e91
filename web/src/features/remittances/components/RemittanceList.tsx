/** The remittances issued: period, totals, state, the statement as PDF and XLSX, the payment, the company statement. */
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { euros, toCents } from '../../money/money';
import { shortDate } from '../../policies/policyLogic';
import { statementUrl, type Remittance } from '../api';
import PayButton from './PayButton';

interface Props {
  remittances: Remittance[];
  selected: string | null;
  onSelect: (id: string) => void;
  onChanged: () => void;
}

export default function RemittanceList({ remittances, selected, onSelect, onChanged }: Props) {
  const { t } = useTranslation('remittances');
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <div style={{ overflowX: 'auto' }} tabIndex={0}>
        <Table miw={980} verticalSpacing="xs" horizontalSpacing="md" data-testid="remit-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('list.company')}</Table.Th>
              <Table.Th>{t('list.period')}</Table.Th>
              <Table.Th ta="right">{t('list.gross')}</Table.Th>
              <Table.Th ta="right">{t('list.commission')}</Table.Th>
              <Table.Th ta="right">{t('list.amount')}</Table.Th>
              <Table.Th>{t('list.state')}</Table.Th>
              <Table.Th>{t('list.statement')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {remittances.map((r) => (
              <Table.Tr key={r._id} data-testid="remit-item" bg={r._id === selected ? 'var(--mantine-color-blue-light)' : undefined}>
                <Table.Td>{r.company}</Table.Td>
                <Table.Td>{shortDate(r.from)} – {shortDate(r.to)}</Table.Td>
                <Table.Td ta="right">{euros(toCents(r.gross))}</Table.Td>
                <Table.Td ta="right">{euros(toCents(r.commission))}</Table.Td>
                <Table.Td ta="right" data-testid="remit-item-amount">{euros(toCents(r.amount))}</Table.Td>
                <Table.Td>
                  {r.status === 'pagata' ? (
                    <Badge color="teal" variant="light" data-testid="remit-item-paid">
                      {t('list.paidOn', { date: shortDate(r.paidOn), method: r.methodLabel ?? '' })}
                    </Badge>
                  ) : (
                    <PayButton remittance={r} onPaid={onChanged} />
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor href={statementUrl(r._id, 'pdf')} size="sm" download>PDF</Anchor>
                    <Anchor href={statementUrl(r._id, 'xlsx')} size="sm" download>XLSX</Anchor>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    {r.openDifferences ? (
                      <Badge color="red" variant="light" data-testid="remit-item-open">{t('list.open', { count: r.openDifferences })}</Badge>
                    ) : null}
                    <Button size="compact-sm" variant="light" onClick={() => onSelect(r._id)} data-testid="remit-reconcile">
                      {t('list.reconcile')}
                    </Button>
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      {remittances.length === 0 ? <Text c="dimmed" ta="center" py="lg">{t('list.empty')}</Text> : null}
    </Paper>
  );
}
