/** The four terms of an offer (fee, down payment, months, km a year), as in the catalogue and a practice's quotation. */
import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfferDraft } from '../lib/offer';
import { AmountInput } from '@sportello/host-api';

interface Props {
  value: OfferDraft;
  onChange: (patch: Partial<OfferDraft>) => void;
  errorOf: (field: keyof OfferDraft) => ReactNode;
  /** Columns on wide screens: 2 beside other cards, 4 across a dialog. */
  columns: 2 | 4;
}

export default function OfferFields({ value, onChange, errorOf, columns }: Props) {
  const { t } = useTranslation('noleggio_auto');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: columns }}>
      <AmountInput
        label={t('fields.canone')}
        decimals={2}
        suffix={t('price.euroPerMonth')}
        required
        value={value.canone}
        onChange={(canone) => onChange({ canone })}
        error={errorOf('canone')}
        data-testid="offer-canone"
      />
      <AmountInput
        label={t('fields.anticipo')}
        decimals={2}
        suffix="€"
        value={value.anticipo}
        onChange={(anticipo) => onChange({ anticipo })}
        error={errorOf('anticipo')}
      />
      <AmountInput
        label={t('fields.durataMonths')}
        decimals={0}
        suffix={t('price.monthsUnit')}
        required
        value={value.durata}
        onChange={(durata) => onChange({ durata })}
        error={errorOf('durata')}
      />
      <AmountInput
        label={t('fields.km_annuali')}
        decimals={0}
        suffix="km"
        required
        value={value.km_annuali}
        onChange={(km_annuali) => onChange({ km_annuali })}
        error={errorOf('km_annuali')}
      />
    </SimpleGrid>
  );
}
