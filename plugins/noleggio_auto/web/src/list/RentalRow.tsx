/** One practice of the list: Cliente (with its status), Auto, Canone, Data, Collaboratore. */
import { Group, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import CarImage from '../components/CarImage';
import { QuoteRow, useHost, type HostItem, type RowMeasure } from '@sportello/host-api';
import { formatEuro } from '../lib/money';
import { carOf, priceOf } from '../lib/rentalQuote';

interface Props {
  quote: HostItem;
  index: number;
  offset: number;
  measure?: RowMeasure;
  onOpen: (quote: HostItem) => void;
}

function RentalRow({ quote, index, offset, measure, onOpen }: Props) {
  const { t } = useTranslation('noleggio_auto');
  const host = useHost();
  const { StatusBadge } = host.ui;
  const car = carOf(quote);
  const { canone } = priceOf(quote);
  return (
    <QuoteRow quote={quote} index={index} offset={offset} measure={measure} onOpen={onOpen} testId="rental-row">
      <div className="sp-cell" role="cell">
        <Text className="sp-strong" size="sm" fw={500} truncate="end">
          {host.quotes.customerName(quote) || '—'}
        </Text>
        <StatusBadge status={quote.status as string | null} />
      </div>
      <Group className="sp-cell" role="cell" gap="sm" wrap="nowrap">
        <CarImage src={car.img_file} alt="" className="na-thumb" />
        <div style={{ minWidth: 0 }}>
          <Text size="sm" truncate="end">
            {car.car_fullname || '—'}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {car.company}
          </Text>
        </div>
      </Group>
      <div className="sp-cell sp-amount" role="cell">
        {canone === null ? (
          <Text size="sm" c="dimmed" fs="italic">
            {t('price.toQuote')}
          </Text>
        ) : (
          <Text size="sm" fw={600}>
            {formatEuro(canone)}
            <Text span size="xs" c="dimmed" fw={400}>
              {t('price.perMonth')}
            </Text>
          </Text>
        )}
      </div>
      <Text className="sp-cell" role="cell" size="sm">
        {host.format.dateTime(quote.at)}
      </Text>
      <Text className="sp-cell" role="cell" size="sm">
        {host.userName(quote.aId as string | null) || '—'}
      </Text>
    </QuoteRow>
  );
}

export default memo(RentalRow);
