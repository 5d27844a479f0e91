/** A premium's split: the net premium, each tax with its rate and base, the tax total and the gross. */
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatEuro, formatRate } from '@sportello/host-api';
import type { Tax } from '../taxes';

export default function SplitTable({ split, testId }: { split: { net: number; taxes: Tax[]; taxTotal: number; gross: number }; testId: string }) {
  const { t } = useTranslation('quotes');
  const num = { fontVariantNumeric: 'tabular-nums' } as const;
  return (
    <Table verticalSpacing={4} data-testid={testId} aria-label={t('taxes.title')}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">{t('taxes.net')}</Table.Th>
          <Table.Td />
          <Table.Td ta="right" style={num} data-testid={`${testId}-net`}>
            {formatEuro(split.net)}
          </Table.Td>
        </Table.Tr>
        {split.taxes.map((tax, i) => (
          <Table.Tr key={`${tax.ramo}-${i}`} data-testid={`${testId}-tax`}>
            <Table.Th scope="row" fw={400}>
              {tax.label}
            </Table.Th>
            <Table.Td c="dimmed" style={num}>
              {t('taxes.on', { rate: formatRate(tax.rate), base: formatEuro(tax.base) })}
            </Table.Td>
            <Table.Td ta="right" style={num}>
              {formatEuro(tax.amount)}
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row">{t('taxes.total')}</Table.Th>
          <Table.Td />
          <Table.Td ta="right" style={num} data-testid={`${testId}-taxes`}>
            {formatEuro(split.taxTotal)}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">{t('taxes.gross')}</Table.Th>
          <Table.Td />
          <Table.Td ta="right" fw={700} style={num} data-testid={`${testId}-gross`}>
            {formatEuro(split.gross)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

