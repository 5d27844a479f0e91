/** Quote statuses: who may select each one and whom it alerts; custom statuses added by name. */
import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
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
  const update = (index: number, patch: Partial<StatusSetting>) => setStati(stati.map((s, i) => (i === index ? { ...s, ...patch } : s)));

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('statuses.help')}
        </Text>
        <div style={{ overflowX: 'auto' }}>
          <Table miw={900} verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('statuses.name')}</Table.Th>
                <Table.Th>{t('statuses.selectableBy')}</Table.Th>
                <Table.Th>{t('statuses.alert')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stati.map((status, index) => (
                <Table.Tr key={status.id} data-testid="status-row">
                  <Table.Td>
                    <TextInput size="xs" aria-label={t('statuses.name')} value={status.name} readOnly={BUILT_IN_STATUS_IDS.has(status.id)} onChange={(e) => update(index, { name: e.currentTarget.value })} maxLength={120} w={220} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={8}>
                      <Checkbox size="xs" label={t('statuses.anyone')} checked={status.canSelectedBy === undefined} onChange={(e) => update(index, { canSelectedBy: e.currentTarget.checked ? undefined : [] })} />
                      {status.canSelectedBy !== undefined
                        ? ROLES.map((role) => (
                            <Checkbox key={role} size="xs" label={roleLabel(role)} checked={status.canSelectedBy!.includes(role)} onChange={(e) => update(index, { canSelectedBy: toggleRole(status.canSelectedBy, role, e.currentTarget.checked) })} />
                          ))
                        : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={8}>
                      {ROLES.map((role) => (
                        <Checkbox key={role} size="xs" label={roleLabel(role)} checked={(status.alert ?? []).includes(role)} onChange={(e) => update(index, { alert: toggleRole(status.alert, role, e.currentTarget.checked) })} />
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {!BUILT_IN_STATUS_IDS.has(status.id) ? (
                      <ActionIcon variant="subtle" color="red" aria-label={t('statuses.remove', { name: status.name })} onClick={() => setStati(stati.filter((_, i) => i !== index))}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
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
