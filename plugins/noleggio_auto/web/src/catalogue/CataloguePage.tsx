/**
 * `/noleggio-auto/catalogo` (admin, responsabile): the tenant's cars with their list offer; add,
 * edit, retire and bring back cars with `noleggioAuto.salvaAuto`.
 */
import { Alert, Button, Center, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import BackToList from '../components/BackToList';
import { errorMessage, useHost } from '@sportello/host-api';
import { draftOf, emptyCarDraft, rentalCompanies, withActive, type Car, type CarDraft } from '../lib/catalogue';
import CarEditor from './CarEditor';
import CarTable from './CarTable';
import { useCatalogue } from './useCatalogue';
import '@sportello/host-api/line.css';
import '../rental.css';

export default function CataloguePage() {
  const { t } = useTranslation('noleggio_auto');
  const host = useHost();
  const catalogue = useCatalogue();
  const companies = rentalCompanies(host.useCollection('products'));
  const [editing, setEditing] = useState<CarDraft | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  if (!host.flags.canEdit) {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} data-testid="catalogue-denied">
        {t('catalogue.denied')}
      </Alert>
    );
  }

  const toggle = async (car: Car) => {
    setBusyId(car._id);
    try {
      await host.call('noleggioAuto.salvaAuto', withActive(car, !car.active));
      // the stream brings the change back to this list, and to everyone else's
      host.notify.success(car.active ? t('catalogue.retiredDone') : t('catalogue.restored'));
    } catch (error) {
      host.notify.error(t('catalogue.saveError', { message: errorMessage(error) }));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Stack gap="lg" className="sp-page" data-testid="rental-catalogue">
      <Group justify="space-between" align="flex-end">
        <div>
          <BackToList />
          <Title order={2} mt={4}>
            {t('catalogue.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {catalogue.cars ? t('catalogue.count', { count: catalogue.cars.length }) : t('catalogue.subtitle')}
          </Text>
        </div>
        <Button
          leftSection={<IconPlus size={18} />}
          onClick={() => setEditing(emptyCarDraft(companies[0]))}
          disabled={!companies.length}
          data-testid="car-add"
        >
          {t('catalogue.add')}
        </Button>
      </Group>
      {!companies.length ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />}>
          {t('catalogue.noCompanies')}
        </Alert>
      ) : null}
      {!catalogue.cars ? (
        <Skeleton h={260} radius="lg" />
      ) : catalogue.cars.length ? (
        <CarTable cars={catalogue.cars} busyId={busyId} onEdit={(car) => setEditing(draftOf(car))} onToggle={(car) => void toggle(car)} />
      ) : (
        <Center py={48}>
          <Text c="dimmed">{t('catalogue.empty')}</Text>
        </Center>
      )}
      {editing ? (
        <CarEditor
          initial={editing}
          companies={companies}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
