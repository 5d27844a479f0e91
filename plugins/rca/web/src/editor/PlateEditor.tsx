/**
 * A plate added or edited in a dialog, saved with `rca.targhe.salva`. The form checks what the
 * server checks (the plate's format for its kind, in the rules' words; 'Codice fiscale errato');
 * a refusal the server still sends (a plate already in the register, say) shows under its field.
 * Admins and responsabili name the collaborator the plate is for; an agent's is their own.
 */
import { Alert, Button, Divider, Group, Input, Modal, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrorsOf, PlainSelect, useHost } from '@sportello/host-api';
import { kindLabel } from '../components/labels';
import { draftProblems, fieldOfRefusal, LIMITS, saveBody, SERVER_FIELDS, type DraftField, type PlateDraft } from '../lib/draft';
import { romeToday } from '../lib/expiry';
import { VEHICLE_KINDS, type VehicleKind } from '../lib/plates';
import { asPlate } from '../lib/records';
import { CALLS, NAMESPACE } from '../paths';
import { namesCollaborator } from './who';

export default function PlateEditor({ initial, onClose }: { initial: PlateDraft; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const host = useHost();
  const withCollaborator = namesCollaborator(host.flags);
  const today = romeToday();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<PlateDraft>({
    initialValues: initial,
    validate: (values) => {
      const problems = draftProblems(values, { today, needsCollaborator: withCollaborator });
      return Object.fromEntries(
        Object.entries(problems).map(([field, problem]) => [field, 'message' in problem ? problem.message : t(problem.key)]),
      );
    },
  });
  const { CollaboratorSelect } = host.ui;
  const values = form.values;

  const save = async (draft: PlateDraft) => {
    setSaving(true);
    setRefusal(null);
    try {
      const saved = asPlate(await host.call(CALLS.save, saveBody(draft, { withCollaborator })));
      // the stream brings the plate to this list, and to everyone else's
      host.notify.success(t('editor.saved', { targa: saved.targa || draft.targa.toUpperCase() }));
      onClose();
    } catch (error) {
      const message = errorMessage(error);
      const perField = Object.entries(fieldErrorsOf(error)).flatMap(([key, text]) => (SERVER_FIELDS[key] ? [[SERVER_FIELDS[key], text] as const] : []));
      const field: DraftField | null = perField.length ? null : fieldOfRefusal(message);
      if (perField.length) form.setErrors(Object.fromEntries(perField));
      else if (field) form.setFieldError(field, message);
      else setRefusal(t('editor.error', { message }));
      setSaving(false);
    }
  };

  const title = initial._id ? t('editor.editTitle', { targa: initial.targa }) : t('editor.newTitle');
  return (
    <Modal opened onClose={onClose} size="xl" radius="lg" title={<Text fw={700}>{title}</Text>}>
      <form onSubmit={form.onSubmit((draft) => void save(draft))} noValidate>
        <Stack gap="md" data-testid="plate-editor">
          <Divider label={t('editor.vehicle')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('editor.fields.targa')}
              description={t('editor.fields.targaHint')}
              withAsterisk
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              data-autofocus
              {...form.getInputProps('targa')}
              data-testid="plate-targa"
            />
            <PlainSelect
              label={t('editor.fields.tipo')}
              withAsterisk
              data={VEHICLE_KINDS.map((kind) => ({ value: kind, label: kindLabel(t, kind) }))}
              value={values.tipo}
              onChange={(kind) => {
                form.setFieldValue('tipo', kind as VehicleKind);
                form.clearFieldError('targa');
              }}
              error={form.errors.tipo}
              data-testid="plate-tipo"
            />
            <TextInput label={t('editor.fields.marca')} withAsterisk maxLength={LIMITS.marca} {...form.getInputProps('marca')} data-testid="plate-marca" />
            <TextInput label={t('editor.fields.modello')} maxLength={LIMITS.modello} {...form.getInputProps('modello')} data-testid="plate-modello" />
            <Stack gap={6}>
              <Switch
                label={t('editor.fields.nuova')}
                description={t('editor.fields.nuovaHint')}
                checked={values.nuova}
                onChange={(event) => {
                  form.setFieldValue('nuova', event.currentTarget.checked);
                  form.clearFieldError('data');
                }}
                data-testid="plate-nuova"
              />
              <TextInput
                type="date"
                label={t('editor.fields.data')}
                min="1900-01-01"
                max={today}
                disabled={values.nuova}
                {...form.getInputProps('data')}
                data-testid="plate-data"
              />
            </Stack>
            <Stack gap={6}>
              <TextInput
                label={t('editor.fields.tipoBersani')}
                description={t('editor.fields.tipoBersaniHint')}
                maxLength={LIMITS.tipoBersani}
                {...form.getInputProps('tipoBersani')}
                data-testid="plate-bersani"
              />
              <Switch
                label={t('editor.fields.targaAgev')}
                checked={values.targaAgev}
                onChange={(event) => form.setFieldValue('targaAgev', event.currentTarget.checked)}
                data-testid="plate-agev"
              />
            </Stack>
          </SimpleGrid>
          <Divider label={t('editor.owner')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('editor.fields.nome')} withAsterisk maxLength={LIMITS.nome} {...form.getInputProps('nome')} data-testid="plate-nome" />
            <TextInput
              label={t('editor.fields.cf')}
              withAsterisk
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              {...form.getInputProps('cf')}
              data-testid="plate-cf"
            />
          </SimpleGrid>
          {withCollaborator ? (
            <div data-testid="plate-collaborator">
              <CollaboratorSelect
                label={t('editor.fields.collaborator')}
                value={values.aId}
                onChange={(id) => {
                  form.setFieldValue('aId', id);
                  form.clearFieldError('aId');
                }}
              />
              {form.errors.aId ? <Input.Error mt={4}>{form.errors.aId}</Input.Error> : null}
            </div>
          ) : null}
          {refusal ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid="plate-refusal">
              {refusal}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} loading={saving} data-testid="plate-save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
