/** Quote statuses: who may select each one and whom it alerts; custom statuses added by name. */
import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { ListTable, type ListColumn } from '@sportello/host-api';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useLiveDraft } from '../../lib/liveDraft';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/context';
import type { StatusSetting } from '../../store/selectors';
import { useRoleLabel } from '../people/useRoleLabel';
import { BUILT_IN_STATUS_IDS, nextStatusId, ROLES, toggleRole } from './settingsForm';
import { useSave } from './useSave';

export default function StatusesSection() {
  const { t } = useTranslation('settings');
  const roleLabel = useRoleLabel();
  const { settings } = useSession();
  const saved = { stati: settings?.stati ?? [] };
  const [{ stati }, setDraft] = useLiveDraft(saved);
  const setStati = (next: StatusSetting[]) => setDraft({ stati: next });
  const { busy, save } = useSave(saved);
  const update = (id: number, patch: Partial<StatusSetting>) => setStati(stati.map((s) => (s.id === id ? { ...s, ...patch } : s)));
  const columns: ListColumn<StatusSetting>[] = [
    {
      key: 'name',
      header: t('statuses.name'),
      card: 'title',
      cell: (status) => (
        <TextInput size="xs" aria-label={t('statuses.name')} value={status.name} readOnly={BUILT_IN_STATUS_IDS.has(status.id)} onChange={(e) => update(status.id, { name: e.currentTarget.value })} maxLength={120} w={220} maw="100%" />
      ),
    },
    {
      key: 'selectableBy',
      header: t('statuses.selectableBy'),
      card: 'wide',
      cell: (status) => (
        <Group gap={8}>
          <Checkbox size="xs" label={t('statuses.anyone')} checked={status.canSelectedBy === undefined} onChange={(e) => update(status.id, { canSelectedBy: e.currentTarget.checked ? undefined : [] })} />
          {status.canSelectedBy !== undefined
            ? ROLES.map((role) => (
                <Checkbox key={role} size="xs" label={roleLabel(role)} checked={status.canSelectedBy!.includes(role)} onChange={(e) => update(status.id, { canSelectedBy: toggleRole(status.canSelectedBy, role, e.currentTarget.checked) })} />
              ))
            : null}
        </Group>
      ),
    },
    {
      key: 'alert',
      header: t('statuses.alert'),
      card: 'wide',
      cell: (status) => (
        <Group gap={8}>
          {ROLES.map((role) => (
            <Checkbox key={role} size="xs" label={roleLabel(role)} checked={(status.alert ?? []).includes(role)} onChange={(e) => update(status.id, { alert: toggleRole(status.alert, role, e.currentTarget.checked) })} />
          ))}
        </Group>
      ),
    },
    {
      key: 'remove',
      header: '',
      cell: (status) =>
        !BUILT_IN_STATUS_IDS.has(status.id) ? (
          <ActionIcon variant="subtle" color="red" aria-label={t('statuses.remove', { name: status.name })} onClick={() => setStati(stati.filter((s) => s !== status))}>
            <IconTrash size={16} />
          </ActionIcon>
        ) : null,
    },
  ];

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('statuses.help')}
        </Text>
        <ListTable
          rows={stati}
          columns={columns}
          rowKey={(status) => String(status.id)}
          rowProps={() => ({ 'data-testid': 'status-row' })}
          minWidth={900}
          label={t('tabs.stati')}
          table={{ verticalSpacing: 6 }}
        />
        <Group justify="space-between">
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setStati([...stati, { id: nextStatusId(stati), name: t('statuses.new'), canSelectedBy: ['admin', 'responsabile'], alert: [] }])}>
            {t('statuses.add')}
          </Button>
          <Button onClick={() => void save({ stati })} loading={busy} data-testid="statuses-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
