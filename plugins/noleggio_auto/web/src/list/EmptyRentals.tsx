/** No rows: what the filters left out, or the invitation to create the first quote. */
import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QuoteFilters } from '@sportello/host-api';
import NewRentalAction from './NewRentalAction';

export default function EmptyRentals({ filters }: { filters: QuoteFilters }) {
  const { t } = useTranslation('noleggio_auto');
  return (
    <Center py={56} data-testid="rental-empty">
      <Stack align="center" gap="sm" maw={440}>
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconCar size={30} />
        </ThemeIcon>
        <Title order={4}>{t('list.emptyTitle')}</Title>
        <Text c="dimmed" ta="center" size="sm">
          {filters.tab === 'emissioni' ? t('list.emptyEmissions') : t('list.emptyText')}
        </Text>
        <NewRentalAction variant="empty" />
      </Stack>
    </Center>
  );
}
