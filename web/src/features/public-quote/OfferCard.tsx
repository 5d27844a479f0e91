/**
 * One company's offer on the customer's page: the gross premium, the net premium and the taxes
 * by ramo when the offer carries them, the frequency and its instalments, the guarantees or
 * notes; a radio to choose it while the emission can still be requested.
 */
import { Badge, Group, Paper, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { formatEuro, formatRate } from '@sportello/host-api';
import { useTranslation } from 'react-i18next';
import type { PublicOffer } from './api';
import { instalmentsText } from './offers';

interface Props {
  offer: PublicOffer;
  /** Show the radio (the customer may still choose). */
  choosable: boolean;
  chosen: boolean;
}

export default function OfferCard({ offer, choosable, chosen }: Props) {
  const { t } = useTranslation('publicQuote');
  const label = t('offers.choose', { company: offer.company });
  return (
    <Paper withBorder radius="md" p="md" data-testid="public-offer" data-company={offer.company} style={chosen ? { borderColor: 'var(--mantine-color-green-6)', borderWidth: 2 } : undefined}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {choosable ? <Radio value={offer.company} aria-label={label} data-testid="offer-radio" /> : null}
            <Title order={4}>{offer.company}</Title>
            {chosen ? (
              <Badge color="green" variant="light" data-testid="offer-chosen">
                {t('offers.chosen')}
              </Badge>
            ) : null}
          </Group>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('offers.gross')}
            </Text>
            <Text fw={700} size="lg" data-testid="offer-gross">
              {formatEuro(offer.tot)}
            </Text>
          </Stack>
        </Group>
        {offer.net !== undefined || offer.taxes?.length ? (
          <Table withRowBorders={false} verticalSpacing={2} data-testid="offer-split">
            <Table.Tbody>
              {offer.net !== undefined ? (
                <Table.Tr>
                  <Table.Td>{t('offers.net')}</Table.Td>
                  <Table.Td ta="right" data-testid="offer-net">
                    {formatEuro(offer.net)}
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {(offer.taxes ?? []).map((tax, i) => (
                <Table.Tr key={`${tax.ramo ?? ''}-${i}`} data-testid="offer-tax">
                  <Table.Td>
                    {tax.label || tax.ramo}
                    {typeof tax.rate === 'number' ? ` (${formatRate(tax.rate)}${typeof tax.base === 'number' ? ` ${t('offers.on', { base: formatEuro(tax.base) })}` : ''})` : ''}
                  </Table.Td>
                  <Table.Td ta="right">{formatEuro(tax.amount)}</Table.Td>
                </Table.Tr>
              ))}
              {offer.taxTotal !== undefined && (offer.taxes?.length ?? 0) > 1 ? (
                <Table.Tr>
                  <Table.Td>{t('offers.taxTotal')}</Table.Td>
                  <Table.Td ta="right">{formatEuro(offer.taxTotal)}</Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        ) : null}
        <Text size="sm" data-testid="offer-instalments">
          <Text span fw={600}>
            {offer.frequencyName}
          </Text>
          {' · '}
          {instalmentsText(offer, t)}
        </Text>
        {offer.note ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }} data-testid="offer-note">
            {offer.note}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
