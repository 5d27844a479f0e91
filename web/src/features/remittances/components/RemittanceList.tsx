/** The remittances issued: period, totals, state, the statement as PDF and XLSX, the payment, the company statement. */
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { ListTable, type ListColumn } from '@sportello/host-api';
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
  const right = { th: { ta: 'right' }, td: { ta: 'right' } } as const;
  const columns: ListColumn<Remittance>[] = [
    { key: 'company', header: t('list.company'), card: 'title', cell: (r) => r.company },
    { key: 'period', header: t('list.period'), cell: (r) => `${shortDate(r.from)} – ${shortDate(r.to)}` },
    { key: 'gross', header: t('list.gross'), ...right, cell: (r) => euros(toCents(r.gross)) },
    { key: 'commission', header: t('list.commission'), ...right, cell: (r) => euros(toCents(r.commission)) },
    { key: 'amount', header: t('list.amount'), ...right, testId: 'remit-item-amount', cell: (r) => euros(toCents(r.amount)) },
    {
      key: 'state',
      header: t('list.state'),
      card: 'wide',
      cell: (r) =>
        r.status === 'pagata' ? (
          <Badge color="teal" variant="light" data-testid="remit-item-paid">
            {t('list.paidOn', { date: shortDate(r.paidOn), method: r.methodLabel ?? '' })}
          </Badge>
        ) : (
          <PayButton remittance={r} onPaid={onChanged} />
        ),
    },
    {
      key: 'statement',
      header: t('list.statement'),
      cell: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor href={statementUrl(r._id, 'pdf')} size="sm" download>PDF</Anchor>
          <Anchor href={statementUrl(r._id, 'xlsx')} size="sm" download>XLSX</Anchor>
        </Group>
      ),
    },
    {
      key: 'reconcile',
      header: '',
      cell: (r) => (
        <Stack gap={4} align="flex-start">
          {r.openDifferences ? (
            <Badge color="red" variant="light" data-testid="remit-item-open">{t('list.open', { count: r.openDifferences })}</Badge>
          ) : null}
          <Button size="compact-sm" variant="light" onClick={() => onSelect(r._id)} data-testid="remit-reconcile">
            {t('list.reconcile')}
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <ListTable
        rows={remittances}
        columns={columns}
        rowKey={(r) => r._id}
        rowProps={(r) => ({ 'data-testid': 'remit-item', style: r._id === selected ? { background: 'var(--mantine-color-blue-light)' } : undefined })}
        minWidth={980}
        label={t('list.title')}
        table={{ verticalSpacing: 'xs', horizontalSpacing: 'md' }}
        testId="remit-list"
      />
      {remittances.length === 0 ? <Text c="dimmed" ta="center" py="lg">{t('list.empty')}</Text> : null}
    </Paper>
  );
}
