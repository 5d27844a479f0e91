/** The practice's car and terms: picture, name, Durata, Kilometri annuali, Canone, Anticipo. */
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import CarImage from '../components/CarImage';
import { Figure, type HostItem } from '@sportello/host-api';
import { formatEuro, formatWhole } from '../lib/money';
import { carOf, priceOf } from '../lib/rentalQuote';

export default function CarCard({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('noleggio_auto');
  const car = carOf(quote);
  const price = priceOf(quote);
  return (
    <Paper withBorder radius="lg" shadow="xs" p="lg" data-testid="practice-car">
      <div className="na-car-layout">
        <CarImage src={car.img_file} alt={car.car_fullname} h={190} />
        <Stack gap="md">
          <div>
            <Group gap="xs">
              <Title order={3}>{car.car_fullname || t('practice.noCar')}</Title>
              {car.company ? (
                <Badge variant="light" color="gray" radius="sm" tt="none">
                  {car.company}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {t('practice.carHint')}
            </Text>
          </div>
          <div className="sp-figures">
            <Figure
              label={t('fields.durata')}
              value={price.durata === null ? '—' : t('price.months', { count: price.durata })}
              testId="figure-durata"
            />
            <Figure
              label={t('fields.km_annuali')}
              value={price.km_annuali === null ? '—' : `${formatWhole(price.km_annuali)} km`}
              testId="figure-km"
            />
            <Figure
              label={t('fields.canone')}
              value={price.canone === null ? t('price.toQuote') : formatEuro(price.canone)}
              hint={price.canone === null ? undefined : t('price.monthly')}
              testId="figure-canone"
            />
            <Figure label={t('fields.anticipo')} value={formatEuro(price.anticipo ?? 0)} testId="figure-anticipo" />
          </div>
        </Stack>
      </div>
    </Paper>
  );
}
