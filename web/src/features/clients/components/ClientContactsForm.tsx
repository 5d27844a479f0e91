/**
 * The client's contacts and identity document in a dialog: address, PEC, e-mail, phone,
 * document type, number and expiry (typed as dd/mm/yyyy whatever the browser's language).
 * The server checks every value; its Italian message shows on the form and nothing is saved.
 */
import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { PlainSelect, formatDay } from '@sportello/host-api';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseItalianDate } from '../../products/fields/inputs';
import { notify } from '../../quotes/env';
import { type ClientDetail, type ClientFull, ID_TYPES, type IdType, saveClient } from '../api';

interface Draft {
  address: string;
  pec: string;
  email: string;
  phone: string;
  idType: IdType | '';
  idNumber: string;
  idExpiry: string;
}

const draftOf = (client: ClientFull): Draft => ({
  address: client.address ?? '',
  pec: client.pec ?? '',
  email: client.email ?? '',
  phone: client.phone ?? '',
  idType: client.idType ?? '',
  idNumber: client.idNumber ?? '',
  idExpiry: client.idExpiry ? formatDay(client.idExpiry) : '',
});

export interface ClientContactsFormProps {
  client: ClientFull;
  opened: boolean;
  onClose: () => void;
  onSaved: (detail: ClientDetail) => void;
}

export default function ClientContactsForm({ client, opened, onClose, onSaved }: ClientContactsFormProps) {
  const { t } = useTranslation('clients');
  const [draft, setDraft] = useState<Draft>(() => draftOf(client));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!opened) return;
    setDraft(draftOf(client)); // each opening starts from the client as it is now
    setError(null);
  }, [opened]); // not on the client's live updates: they must not erase what is being typed
  const set = (key: keyof Draft) => (value: string) => setDraft((old) => ({ ...old, [key]: value }));
  const expiry = draft.idExpiry.trim() ? parseItalianDate(draft.idExpiry) : '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (expiry === null) {
      setError(t('edit.badDate'));
      return;
    }
    setSaving(true);
    try {
      const saved = await saveClient(client._id, { ...draft, idExpiry: expiry || null });
      notify.success(t('edit.saved'));
      setError(null);
      onSaved(saved);
      onClose();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('edit.title', { name: client.name })} size="lg">
      <form onSubmit={(event) => void submit(event)} data-testid="client-contacts-form">
        <Stack gap="sm">
          {error ? (
            <Alert color="red" variant="light" data-testid="client-contacts-error">
              {error}
            </Alert>
          ) : null}
          <TextInput label={t('edit.address')} value={draft.address} maxLength={200} onChange={(e) => set('address')(e.currentTarget.value)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('edit.pec')} value={draft.pec} maxLength={254} onChange={(e) => set('pec')(e.currentTarget.value)} />
            <TextInput label={t('edit.email')} value={draft.email} maxLength={254} onChange={(e) => set('email')(e.currentTarget.value)} />
            <TextInput label={t('edit.phone')} value={draft.phone} maxLength={40} onChange={(e) => set('phone')(e.currentTarget.value)} />
            <PlainSelect
              label={t('edit.idType')}
              data={[{ value: '', label: t('edit.noDocument') }, ...ID_TYPES.map((type) => ({ value: type, label: t(`idTypes.${type}`) }))]}
              value={draft.idType}
              onChange={(value) => set('idType')(value)}
            />
            <TextInput label={t('edit.idNumber')} value={draft.idNumber} maxLength={20} onChange={(e) => set('idNumber')(e.currentTarget.value)} />
            <TextInput
              label={t('edit.idExpiry')}
              placeholder={t('edit.datePlaceholder')}
              value={draft.idExpiry}
              maxLength={10}
              error={expiry === null ? t('edit.badDate') : undefined}
              onChange={(e) => set('idExpiry')(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('edit.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="client-contacts-save">
              {t('edit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
