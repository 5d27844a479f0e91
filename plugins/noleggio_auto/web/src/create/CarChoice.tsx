/** The catalogue as a choice of cards: picture, name, company and the list fee. */
import { SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Catalogue } from '../catalogue/useCatalogue';
import CarImage from '../components/CarImage';
import type { Car } from '../lib/catalogue';
import { formatEuro, formatWhole } from '../lib/money';

function CarOption({ car, chosen, onChoose }: { car: Car; chosen: boolean; onChoose: (car: Car) => void }) {
  const { t } = useTranslation('noleggio_auto');
  return (
    <UnstyledButton role="radio" aria-checked={chosen} className="na-car-option" onClick={() => onChoose(car)} data-testid="car-option">
      <CarImage src={car.img_file} alt={car.car_fullname} h={120} />
      <Text fw={700} mt="sm" truncate="end">
        {car.car_fullname}
      </Text>
      <Text size="xs" c="dimmed" truncate="end">
        {[car.company, t('price.termsShort', { months: car.price.durata, km: formatWhole(car.price.km_annuali) })].join(' · ')}
      </Text>
      <Text mt={6} fw={700} c="primary">
        {formatEuro(car.price.canone)}
        <Text span size="xs" c="dimmed" fw={400}>
          {t('price.perMonth')}
        </Text>
      </Text>
    </UnstyledButton>
  );
}

interface Props {
  catalogue: Catalogue;
  chosenId: string | null;
  onChoose: (car: Car) => void;
}

export default function CarChoice({ catalogue, chosenId, onChoose }: Props) {
  const { t } = useTranslation('noleggio_auto');
  const cars = catalogue.cars?.filter((car) => car.active);
  if (!cars) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={210} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (!cars.length) return <Text c="dimmed">{t('create.noCars')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="radiogroup" aria-label={t('create.car')}>
      {cars.map((car) => (
        <CarOption key={car._id} car={car} chosen={car._id === chosenId} onChoose={onChoose} />
      ))}
    </SimpleGrid>
  );
}
