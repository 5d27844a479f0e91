/**
 * 'Quotazione': the lender's offer (editable by admins and responsabili until emission is
 * requested), the consultancy slider in euro and the first instalment at it.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsultancySlider, formatEuro, Section, useHost, type HostItem } from '@sportello/host-api';
import { loanOf } from '../lib/loanQuote';
import { clampEuro } from '../lib/practiceMoney';
import QuotationEditor from './QuotationEditor';
import type { PracticeMoney } from './usePracticeMoney';

function ConsultancyControl({ quote, money }: { quote: HostItem; money: PracticeMoney }) {
  const { t } = useTranslation('prestiti');
  const { flags } = useHost();
  const loan = loanOf(quote);
  if (!loan.quoted) {
    return (
      <Text size="sm" c="dimmed" data-testid="consultancy-waiting">
        {t('quotation.waiting')}
      </Text>
    );
  }
  const { bounds } = money;
  if (!bounds) {
    if (money.locked) return null;
    return (
      <Alert color="yellow" variant="light" data-testid="consultancy-missing">
        {t('quotation.noBounds', { company: loan.istituto || '—' })}
      </Alert>
    );
  }
  return (
    <ConsultancySlider
      label={t('quotation.consultancy')}
      bounds={{ min: bounds.low, max: bounds.high, midpoint: bounds.midpoint }}
      value={money.consultancy ?? bounds.midpoint}
      step={0.01}
      format={formatEuro}
      midpointLabel={t('quotation.midpoint', { value: formatEuro(bounds.midpoint) })}
      onChange={(value) => money.setConsultancy(clampEuro(value, bounds))}
      disabled={money.locked || !flags.agent}
      lockedNote={money.locked ? t('quotation.locked') : null}
    />
  );
}

export default function QuotationCard({ quote, money }: { quote: HostItem; money: PracticeMoney }) {
  const { t } = useTranslation('prestiti');
  const host = useHost();
  const product = host.useCollection('products')[String(quote.pId)];
  const [editing, setEditing] = useState(false);
  const editable = host.flags.canEdit && !money.locked;
  const companies = product && typeof product.companies === 'object' && product.companies ? Object.keys(product.companies) : [];
  return (
    <Section
      title={t('quotation.title')}
      testId="quotation"
      actions={
        editable && !editing ? (
          <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)} data-testid="quotation-edit">
            {loanOf(quote).quoted ? t('quotation.edit') : t('quotation.quote')}
          </Button>
        ) : null
      }
    >
      <Stack gap="lg">
        {editing && editable ? <QuotationEditor quote={quote} companies={companies} onDone={() => setEditing(false)} /> : null}
        <ConsultancyControl quote={quote} money={money} />
        <Group justify="space-between" className="sp-figure" data-testid="first-instalment">
          <Text size="sm" fw={600} c="dimmed">
            {t('quotation.firstInstalment')}
          </Text>
          <Text fw={800} size="lg" data-testid="first-instalment-value">
            {money.firstInstalment === null ? '—' : formatEuro(money.firstInstalment)}
          </Text>
        </Group>
      </Stack>
    </Section>
  );
}
