/** One practice of the list: Cliente, Stato, Prodotto, Importo richiesto, Rata, Data, Collaboratore. */
import { Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuro, QuoteRow, useHost, type HostItem, type RowMeasure } from '@sportello/host-api';
import { rowOf } from '../lib/loanQuote';

interface Props {
  quote: HostItem;
  index: number;
  offset: number;
  measure?: RowMeasure;
  onOpen: (quote: HostItem) => void;
}

function LoanRow({ quote, index, offset, measure, onOpen }: Props) {
  const { t } = useTranslation('prestiti');
  const host = useHost();
  const { StatusBadge } = host.ui;
  const row = rowOf(quote);
  return (
    <QuoteRow quote={quote} index={index} offset={offset} measure={measure} onOpen={onOpen} testId="loan-row">
      <Text className="sp-cell sp-strong" role="cell" size="sm" fw={500} truncate="end">
        {host.quotes.customerName(quote) || '—'}
      </Text>
      <div className="sp-cell" role="cell">
        <StatusBadge status={quote.status as string | null} />
      </div>
      <Text className="sp-cell" role="cell" size="sm" truncate="end">
        {row.prodotto || '—'}
      </Text>
      <Text className="sp-cell sp-amount" role="cell" size="sm">
        {row.importoRichiesto === null ? '—' : formatEuro(row.importoRichiesto)}
      </Text>
      <div className="sp-cell sp-amount" role="cell">
        {row.rata === null ? (
          <Text size="sm" c="dimmed" fs="italic">
            {t('price.toQuote')}
          </Text>
        ) : (
          <Text size="sm" fw={600}>
            {formatEuro(row.rata)}
          </Text>
        )}
      </div>
      <Text className="sp-cell" role="cell" size="sm">
        {host.format.dateTime(quote.at)}
      </Text>
      <Text className="sp-cell" role="cell" size="sm" truncate="end">
        {host.userName(quote.aId as string | null) || '—'}
      </Text>
    </QuoteRow>
  );
}

export default memo(LoanRow);
