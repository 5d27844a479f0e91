/** The new practice at a glance beside the form, with the button that creates it. */
import { Alert, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import CarImage from '../components/CarImage';
import type { Car } from '../lib/catalogue';
import { formatEuro, formatWhole } from '../lib/money';
import { isListOffer, type RentalTerms } from '../lib/newRental';

function Line({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Group>
  );
}

interface Props {
  car: Car | null;
  terms: RentalTerms | null;
  agentName: string | null;
  sending: boolean;
  onSubmit: () => void;
}

export default function RentalSummary({ car, terms, agentName, sending, onSubmit }: Props) {
  const { t } = useTranslation('noleggio_auto');
  const listOffer = car && terms ? isListOffer(car, terms) : true;
  return (
    <Paper withBorder radius="lg" shadow="sm" p="lg" className="na-summary" data-testid="rental-summary">
      <Title order={5} mb="sm">
        {t('create.summary')}
      </Title>
      {car && terms ? (
        <Stack gap={8}>
          <CarImage src={car.img_file} alt={car.car_fullname} h={140} />
          <div>
            <Text fw={700}>{car.car_fullname}</Text>
            <Text size="xs" c="dimmed">
              {car.company}
            </Text>
          </div>
          <Divider />
          {agentName !== null ? <Line label={t('columns.collaboratore')} value={agentName || '—'} /> : null}
          <Line label={t('fields.durata')} value={t('price.months', { count: terms.durata })} />
          <Line label={t('fields.km_annuali')} value={`${formatWhole(terms.km_annuali)} km`} />
          <Line label={t('fields.anticipo')} value={formatEuro(terms.anticipo ?? 0)} />
          <Divider />
          <Group justify="space-between" align="baseline">
            <Text fw={600}>{t('fields.canone')}</Text>
            {listOffer ? (
              <Text fw={800} size="xl" c="primary" data-testid="summary-canone">
                {formatEuro(car.price.canone)}
                <Text span size="xs" c="dimmed" fw={400}>
                  {t('price.perMonth')}
                </Text>
              </Text>
            ) : (
              <Text fw={700} c="orange" data-testid="summary-canone">
                {t('price.toQuote')}
              </Text>
            )}
          </Group>
          {listOffer ? null : (
            <Alert variant="light" color="orange" icon={<IconInfoCircle size={18} />} p="xs">
              <Text size="xs">{t('create.quotedLater')}</Text>
            </Alert>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('create.summaryEmpty')}
        </Text>
      )}
      <Button
        fullWidth
        mt="lg"
        size="md"
        leftSection={<IconSend size={18} />}
        loading={sending}
        disabled={!car}
        onClick={onSubmit}
        data-testid="rental-submit"
      >
        {t('create.submit')}
      </Button>
    </Paper>
  );
}
