/** Create or rename a folder and choose the roles that see it (none: everyone). */
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleLabel } from '../people/useRoleLabel';
import { errorText, notify } from '../quotes/env';
import { ROLES } from '../settings/settingsForm';
import { changeFolder, createFolder, type Folder } from './api';

export default function FolderDialog({ folder, opened, onClose }: { folder: Folder | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('documentArea');
  const roleLabel = useRoleLabel();
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setName(folder?.name ?? '');
    setRoles(folder?.roles ?? []);
  }, [folder, opened]);
  const submit = async () => {
    setBusy(true);
    try {
      if (folder) await changeFolder(folder.id, { name: name.trim(), roles });
      else await createFolder({ name: name.trim(), roles });
      onClose();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={folder ? t('folder.edit') : t('folder.new')} centered>
      <Stack gap="sm">
        <TextInput label={t('folder.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={120} data-testid="folder-name" />
        <div>
          <Text size="sm" fw={500}>
            {t('folder.visibility')}
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            {t('folder.visibilityHelp')}
          </Text>
          <Group gap="md">
            {ROLES.map((role) => (
              <Checkbox key={role} label={roleLabel(role)} checked={roles.includes(role)} onChange={(e) => setRoles(e.currentTarget.checked ? [...roles, role] : roles.filter((r) => r !== role))} />
            ))}
          </Group>
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy} disabled={!name.trim()} data-testid="folder-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
