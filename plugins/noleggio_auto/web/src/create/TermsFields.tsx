/** Durata, Kilometri annuali and Anticipo of a new practice, starting from the car's list offer. */
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AmountInput, PlainSelect } from '@sportello/host-api';
import type { Car } from '../lib/catalogue';
import { formatWhole } from '../lib/money';
import { choicesWith, DURATIONS, KM_PER_YEAR, type RentalTerms } from '../lib/newRental';

interface Props {
  car: Car;
  terms: RentalTerms;
  onChange: (terms: RentalTerms) => void;
}

export default function TermsFields({ car, terms, onChange }: Props) {
  const { t } = useTranslation('noleggio_auto');
  const listed = (value: number, own: number) => (value === own ? ` · ${t('create.listTerm')}` : '');
  const months = choicesWith(DURATIONS, car.price.durata).map((m) => ({
    value: String(m),
    label: `${t('price.months', { count: m })}${listed(m, car.price.durata)}`,
  }));
  const km = choicesWith(KM_PER_YEAR, car.price.km_annuali).map((k) => ({
    value: String(k),
    label: `${formatWhole(k)} km${listed(k, car.price.km_annuali)}`,
  }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <PlainSelect
        label={t('fields.durata')}
        data={months}
        value={String(terms.durata)}
        onChange={(value) => onChange({ ...terms, durata: Number(value) })}
        data-testid="terms-durata"
      />
      <PlainSelect
        label={t('fields.km_annuali')}
        data={km}
        value={String(terms.km_annuali)}
        onChange={(value) => onChange({ ...terms, km_annuali: Number(value) })}
        data-testid="terms-km"
      />
      <AmountInput
        label={t('fields.anticipo')}
        decimals={2}
        suffix="€"
        value={terms.anticipo}
        onChange={(anticipo) => onChange({ ...terms, anticipo })}
        data-testid="terms-anticipo"
      />
    </SimpleGrid>
  );
}
