/** The catalogue's cars with their list offer; edit, retire or bring back each one. */
import { ActionIcon, Badge, Group, Paper, Table, Text } from '@mantine/core';
import { IconEye, IconEyeOff, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import CarImage from '../components/CarImage';
import type { Car } from '../lib/catalogue';
import { formatEuro, formatWhole } from '../lib/money';

/** A retired car's row: a grey tint (fading the row would fail text contrast). */
const RETIRED_ROW = 'light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-7))';

interface Props {
  cars: Car[];
  busyId: string | null;
  onEdit: (car: Car) => void;
  onToggle: (car: Car) => void;
}

export default function CarTable({ cars, busyId, onEdit, onToggle }: Props) {
  const { t } = useTranslation('noleggio_auto');
  return (
    <Paper withBorder radius="lg" shadow="xs" style={{ overflow: 'hidden' }}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" className="sp-table-plain na-table-heads" data-testid="car-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('catalogue.columns.car')}</Table.Th>
            <Table.Th>{t('catalogue.fields.company')}</Table.Th>
            <Table.Th ta="right">{t('catalogue.columns.months')}</Table.Th>
            <Table.Th ta="right">{t('catalogue.columns.km')}</Table.Th>
            <Table.Th ta="right">{t('fields.canone')}</Table.Th>
            <Table.Th ta="right">{t('fields.anticipo')}</Table.Th>
            <Table.Th>{t('catalogue.columns.state')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cars.map((car) => (
            <Table.Tr key={car._id} data-testid="car-row" bg={car.active ? undefined : RETIRED_ROW}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <CarImage src={car.img_file} alt="" className="na-thumb" />
                  <div>
                    <Text size="sm" fw={600}>
                      {car.car_fullname}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[car.brand, car.model].filter(Boolean).join(' · ')}
                    </Text>
                  </div>
                </Group>
              </Table.Td>
              <Table.Td>{car.company}</Table.Td>
              <Table.Td ta="right">{car.price.durata}</Table.Td>
              <Table.Td ta="right">{formatWhole(car.price.km_annuali)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatEuro(car.price.canone)}
              </Table.Td>
              <Table.Td ta="right">{formatEuro(car.price.anticipo)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={car.active ? 'green' : 'gray'} radius="sm" tt="none">
                  {car.active ? t('catalogue.active') : t('catalogue.retired')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('catalogue.edit')}
                    title={t('catalogue.edit')}
                    onClick={() => onEdit(car)}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color={car.active ? 'red' : 'green'}
                    loading={busyId === car._id}
                    aria-label={car.active ? t('catalogue.retire') : t('catalogue.restore')}
                    title={car.active ? t('catalogue.retire') : t('catalogue.restore')}
                    onClick={() => onToggle(car)}
                    data-testid="car-toggle"
                  >
                    {car.active ? <IconEyeOff size={18} /> : <IconEye size={18} />}
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
