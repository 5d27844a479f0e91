/** `/utenti` (admins and employees): the live list with search, role filter and suspended state. */
import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { ListTable, PlainSelect, type ListColumn, type ListRowProps } from '@sportello/host-api';
import { IconSearch, IconSitemap, IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { UserAvatar } from '../../layout/UserAvatar';
import { roleFlags, type User } from '../../lib/roles';
import { useAccess } from '../../session/useAccess';
import { NotFound } from '../errors/NotFoundPage';
import { useCollection } from '../quotes/env';
import InviteDialog from './InviteDialog';
import { filterUsers, heldRoles, ROLE_KEYS, type UserFilter } from './people';
import { useRoleLabel } from './useRoleLabel';

export default function UsersPage() {
  const { t } = useTranslation('people');
  const navigate = useNavigate();
  const { flags } = useAccess();
  const roleLabel = useRoleLabel();
  const users = useCollection('usr');
  const [filter, setFilter] = useState<UserFilter>({ text: '', role: '', suspended: 'all' });
  const [inviting, setInviting] = useState(false);
  const all = useMemo(() => Object.values(users).filter((u) => !(u as { loading?: boolean }).loading) as User[], [users]);
  const rows = useMemo(() => filterUsers(all, filter), [all, filter]);
  const parents = useMemo(
    () => all.filter((u) => roleFlags(u).agent && !roleFlags(u).parentAgentId).map((u) => ({ value: u._id, label: String(u.name || u.email) })),
    [all],
  );
  if (!flags.admin && !flags.employee) return <NotFound />;
  const open = (id: string) => void navigate(`/utenti/${id}`);

  const rowProps = (user: (typeof rows)[number]): ListRowProps => ({
    style: { cursor: 'pointer' },
    tabIndex: 0,
    'data-testid': 'user-row',
    onClick: () => open(user._id),
    onKeyDown: (e) => {
      if (e.key === 'Enter') open(user._id);
    },
  });
  const columns: ListColumn<(typeof rows)[number]>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      card: 'title',
      cell: (user) => (
        <Group gap="sm" wrap="nowrap">
          <UserAvatar user={user} size={32} />
          <Text fw={600} size="sm">
            {user.name || '—'}
          </Text>
        </Group>
      ),
    },
    { key: 'email', header: t('fields.email'), td: { fz: 'sm' }, cell: (user) => user.email },
    {
      key: 'roles',
      header: t('fields.roles'),
      cell: (user) => (
        <Group gap={4}>
          {heldRoles(user.role).map((r) => (
            <Badge key={r} variant="light" radius="sm">
              {roleLabel(r, user)}
            </Badge>
          ))}
          {user.suspended ? (
            <Badge color="red" variant="light" radius="sm">
              {t('suspendedBadge')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'parent',
      header: t('fields.parent'),
      td: { fz: 'sm' },
      cell: (user) => {
        const parent = roleFlags(user).parentAgentId;
        return parent ? String(users[parent]?.name ?? '') : '';
      },
    },
  ];

  return (
    <Stack gap="md" className="page" maw={1200} data-testid="users-page">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('title')}</Title>
        <Group gap="xs">
          <Button component={Link} to="/Agenti" variant="default" leftSection={<IconSitemap size={16} />}>
            {t('agents.link')}
          </Button>
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)} data-testid="invite-open">
            {t('invite.open')}
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          aria-label={t('search')}
          placeholder={t('search')}
          leftSection={<IconSearch size={16} />}
          value={filter.text}
          onChange={(e) => setFilter({ ...filter, text: e.currentTarget.value })}
          w={320}
          data-testid="users-search"
        />
        <PlainSelect
          label={t('fields.role')}
          data={[{ value: '', label: t('filters.anyRole') }, ...ROLE_KEYS.map((r) => ({ value: r, label: roleLabel(r) }))]}
          value={filter.role}
          onChange={(role) => setFilter({ ...filter, role: role as UserFilter['role'] })}
          w={200}
          data-testid="users-role"
        />
        <PlainSelect
          label={t('filters.state')}
          data={(['all', 'active', 'suspended'] as const).map((v) => ({ value: v, label: t(`filters.${v}`) }))}
          value={filter.suspended}
          onChange={(v) => setFilter({ ...filter, suspended: v as UserFilter['suspended'] })}
          w={180}
          data-testid="users-state"
        />
        <Text c="dimmed" size="sm" ml="auto">
          {t('count', { count: rows.length })}
        </Text>
      </Group>
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <ListTable
          rows={rows}
          columns={columns}
          rowKey={(user) => user._id}
          rowProps={rowProps}
          minWidth={760}
          label={t('title')}
          table={{ highlightOnHover: true, verticalSpacing: 'sm', horizontalSpacing: 'md' }}
        />
        {rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {t('empty')}
          </Text>
        ) : null}
      </Paper>
      <InviteDialog opened={inviting} onClose={() => setInviting(false)} isAdmin={flags.admin} parents={parents} />
    </Stack>
  );
}
