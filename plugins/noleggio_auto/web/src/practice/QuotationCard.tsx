/**
 * 'Quotazione': the practice's price and consultancy (rate and monthly amount), the consultancy
 * slider, and for admins and responsabili the price editor while emission is not requested.
 */
import { Alert, Button, Stack, Table } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsultancySlider, Section, useHost, type HostItem } from '@sportello/host-api';
import { clampRate, sliderStep } from '../lib/consultancy';
import { formatEuro, formatRate, formatWhole } from '../lib/money';
import { carOf, priceOf } from '../lib/rentalQuote';
import QuotationEditor from './QuotationEditor';
import type { PracticeMoney } from './usePracticeMoney';

function QuotationTable({ quote, money }: { quote: HostItem; money: PracticeMoney }) {
  const { t } = useTranslation('noleggio_auto');
  const price = priceOf(quote);
  const rows: [string, string][] = [
    [t('quotation.canone'), price.canone === null ? t('price.toQuote') : formatEuro(price.canone)],
    [t('fields.anticipo'), formatEuro(price.anticipo ?? 0)],
    [t('fields.durataMonths'), price.durata === null ? '—' : String(price.durata)],
    [t('fields.km_annuali'), price.km_annuali === null ? '—' : formatWhole(price.km_annuali)],
    [t('quotation.consultancyRate'), money.consultancy === null ? '—' : `${formatRate(money.consultancy)} %`],
    [t('quotation.consultancyMonthly'), money.earnings ? formatEuro(money.earnings.consultancyMonthly) : '—'],
  ];
  return (
    <Table className="sp-table-plain" verticalSpacing={8} data-testid="quotation-table">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Td c="dimmed">{label}</Table.Td>
            <Table.Td ta="right" fw={600}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The consultancy rate in % of the fee, over the company's qMin..qMax. */
function ConsultancyControl({ quote, money }: { quote: HostItem; money: PracticeMoney }) {
  const { t } = useTranslation('noleggio_auto');
  const { bounds } = money;
  if (!bounds) {
    if (money.locked) return null;
    return (
      <Alert color="yellow" variant="light" data-testid="consultancy-missing">
        {t('quotation.noBounds', { company: carOf(quote).company || '—' })}
      </Alert>
    );
  }
  return (
    <ConsultancySlider
      label={t('quotation.consultancy')}
      bounds={bounds}
      value={money.consultancy ?? bounds.midpoint}
      step={sliderStep(bounds)}
      format={(value) => `${formatRate(value)} %`}
      midpointLabel={t('quotation.midpoint', { value: formatRate(bounds.midpoint) })}
      onChange={(value) => money.setConsultancy(clampRate(value, bounds))}
      disabled={money.locked}
      lockedNote={money.locked ? t('quotation.locked') : null}
    />
  );
}

export default function QuotationCard({ quote, money }: { quote: HostItem; money: PracticeMoney }) {
  const { t } = useTranslation('noleggio_auto');
  const host = useHost();
  const [editing, setEditing] = useState(false);
  const editable = host.flags.canEdit && !money.locked;
  return (
    <Section
      title={t('quotation.title')}
      testId="quotation"
      actions={
        editable && !editing ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} />}
            onClick={() => setEditing(true)}
            data-testid="quotation-edit"
          >
            {t('quotation.edit')}
          </Button>
        ) : null
      }
    >
      <Stack gap="lg">
        {editing && editable ? (
          <QuotationEditor quote={quote} onDone={() => setEditing(false)} />
        ) : (
          <QuotationTable quote={quote} money={money} />
        )}
        <ConsultancyControl quote={quote} money={money} />
      </Stack>
    </Section>
  );
}
