/** Invite a user: name, email and role; the server mails the registration link. */
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { PlainSelect } from '@sportello/host-api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notify } from '../quotes/env';
import { inviteUser } from './api';
import { GRANTABLE_BY_EMPLOYEE, ROLE_KEYS, roleFromForm, type RoleKey } from './people';
import { useRoleLabel } from './useRoleLabel';

export default function InviteDialog({ opened, onClose, isAdmin, parents }: { opened: boolean; onClose: () => void; isAdmin: boolean; parents: { value: string; label: string }[] }) {
  const { t } = useTranslation('people');
  const roleLabel = useRoleLabel();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<RoleKey>('a');
  const [parent, setParent] = useState('');
  const [busy, setBusy] = useState(false);
  const roles = isAdmin ? ROLE_KEYS : GRANTABLE_BY_EMPLOYEE;

  const submit = async () => {
    setBusy(true);
    try {
      await inviteUser({ name: name.trim(), email: email.trim(), role: roleFromForm([role], 'agente', role === 'a' ? parent : '') });
      notify.success(t('invite.sent', { email: email.trim() }));
      setName('');
      setEmail('');
      onClose();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('invite.title')} centered>
      <Stack gap="sm" data-testid="invite-form">
        <TextInput label={t('fields.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} required data-testid="invite-name" />
        <TextInput label={t('fields.email')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} maxLength={254} required data-testid="invite-email" />
        <PlainSelect label={t('fields.role')} data={roles.map((r) => ({ value: r, label: roleLabel(r) }))} value={role} onChange={(v) => setRole(v as RoleKey)} data-testid="invite-role" />
        {role === 'a' ? (
          <PlainSelect label={t('fields.parent')} data={[{ value: '', label: t('fields.noParent') }, ...parents]} value={parent} onChange={setParent} data-testid="invite-parent" />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy} disabled={!name.trim() || !email.includes('@')} data-testid="invite-send">
            {t('invite.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
