/** A car of the catalogue, new or existing, in a dialog; saved with `noleggioAuto.salvaAuto`. */
import { Button, Divider, Group, Modal, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import CarImage from '../components/CarImage';
import { errorMessage, PlainSelect, useHost } from '@sportello/host-api';
import OfferFields from '../components/OfferFields';
import { carProblems, toCarBody, type CarDraft, type CarField } from '../lib/catalogue';

interface Props {
  initial: CarDraft;
  companies: string[];
  onClose: () => void;
  onSaved: () => void;
}

export default function CarEditor({ initial, companies, onClose, onSaved }: Props) {
  const { t } = useTranslation('noleggio_auto');
  const host = useHost();
  const [draft, setDraft] = useState(initial);
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const problems = carProblems(draft, companies);
  const errorOf = (field: CarField) => (checked && problems[field] ? t(problems[field]) : null);
  const set = (patch: Partial<CarDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const text = (field: 'car_fullname' | 'brand' | 'model' | 'img_file') => ({
    value: draft[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set({ [field]: event.currentTarget.value }),
    error: errorOf(field),
  });

  const save = async () => {
    setChecked(true);
    if (Object.keys(problems).length) return;
    setSaving(true);
    try {
      await host.call('noleggioAuto.salvaAuto', toCarBody(draft));
      host.notify.success(t('catalogue.saved'));
      onSaved();
    } catch (error) {
      host.notify.error(t('catalogue.saveError', { message: errorMessage(error) }));
      setSaving(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      radius="lg"
      title={<Text fw={700}>{draft._id ? t('catalogue.editTitle') : t('catalogue.newTitle')}</Text>}
    >
      <Stack gap="md" data-testid="car-editor">
        <div className="na-car-layout">
          <CarImage src={draft.img_file.trim()} alt={draft.car_fullname} h={150} />
          <Stack gap="sm">
            <TextInput label={t('catalogue.fields.car_fullname')} withAsterisk {...text('car_fullname')} data-testid="car-name" />
            <SimpleGrid cols={2}>
              <TextInput label={t('catalogue.fields.brand')} {...text('brand')} />
              <TextInput label={t('catalogue.fields.model')} {...text('model')} />
            </SimpleGrid>
          </Stack>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('catalogue.fields.img_file')}
            description={t('catalogue.pictureHint')}
            placeholder="/plugins/noleggio_auto/cars/city.svg"
            {...text('img_file')}
          />
          <PlainSelect
            label={t('catalogue.fields.company')}
            withAsterisk
            placeholder={t('catalogue.chooseCompany')}
            data={[...new Set([...companies, ...(draft.company ? [draft.company] : [])])].map((c) => ({ value: c, label: c }))}
            value={draft.company}
            onChange={(company) => set({ company })}
            error={errorOf('company')}
          />
        </SimpleGrid>
        <Divider label={t('catalogue.offer')} labelPosition="left" />
        <OfferFields value={draft} onChange={set} errorOf={errorOf} columns={4} />
        <Switch
          label={t('catalogue.fields.active')}
          description={t('catalogue.activeHint')}
          checked={draft.active}
          onChange={(event) => set({ active: event.currentTarget.checked })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('actions.cancel')}
          </Button>
          <Button leftSection={<IconDeviceFloppy size={18} />} loading={saving} onClick={() => void save()} data-testid="car-save">
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
