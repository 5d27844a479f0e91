/**
 * `/Agenti`: agents with their sub-agents as a tree (live from the users stream), their quotes
 * and policies counts, and links to their commissions and balance.
 */
import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserAvatar } from '../../layout/UserAvatar';
import type { User } from '../../lib/roles';
import { useSession } from '../../session/context';
import { useAccess } from '../../session/useAccess';
import { NotFound } from '../errors/NotFoundPage';
import { useCollection } from '../quotes/env';
import { type AgentCounts, fetchAgentCounts } from './api';
import { agentTree } from './people';

function AgentRow({ user, counts, sub }: { user: User; counts?: AgentCounts; sub?: boolean }) {
  const { t } = useTranslation('people');
  // links only where the viewer's menu leads: the report's lines, an admin's balances
  const { menu, flags } = useAccess();
  const seesReport = menu.some((entry) => entry.key === 'report');
  return (
    <Table.Tr data-testid={sub ? 'subagent-row' : 'agent-row'}>
      <Table.Td pl={sub ? 48 : undefined}>
        <Group gap="sm" wrap="nowrap">
          <UserAvatar user={user} size={sub ? 28 : 34} />
          <div>
            <Text fw={sub ? 500 : 600} size="sm">
              {user.name || user.email}
            </Text>
            <Text size="xs" c="dimmed">
              {user.email}
            </Text>
          </div>
          {user.suspended ? (
            <Badge color="red" variant="light" size="sm">
              {t('suspendedBadge')}
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td ta="center">{counts?.quotes ?? '—'}</Table.Td>
      <Table.Td ta="center">{counts?.policies ?? '—'}</Table.Td>
      <Table.Td>
        <Group gap="md">
          {seesReport ? (
            <Anchor component={Link} to={`/ProvvigioniAgente/${user._id}`} size="sm">
              {t('agents.commissions')}
            </Anchor>
          ) : null}
          {!sub && flags.admin ? (
            <Anchor component={Link} to={`/saldo-collaboratore/${user._id}`} size="sm">
              {t('agents.balance')}
            </Anchor>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export default function AgentsPage() {
  const { t } = useTranslation('people');
  const { tenant } = useSession();
  const { flags } = useAccess();
  const users = useCollection('usr');
  const tree = useMemo(() => agentTree(Object.values(users) as User[]), [users]);
  const [counts, setCounts] = useState<Record<string, AgentCounts>>({});
  const allowed = flags.admin || flags.responsabile || flags.employee || flags.agent;
  const agentIds = tree.flatMap((n) => [n.user._id, ...n.children.map((c) => c._id)]).join(',');
  useEffect(() => {
    if (!allowed) return;
    fetchAgentCounts()
      .then((rows) => setCounts(Object.fromEntries(rows.map((r) => [r._id, r]))))
      .catch(() => setCounts({}));
  }, [allowed, agentIds]);
  if (!allowed) return <NotFound />;
  return (
    <Stack gap="md" className="page" maw={1100} data-testid="agents-page">
      <Title order={2}>{tenant.wording.agents}</Title>
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <div style={{ overflowX: 'auto' }}>
          <Table miw={700} verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  {tenant.wording.agent} / {tenant.wording.subagent}
                </Table.Th>
                <Table.Th ta="center">{t('agents.quotes')}</Table.Th>
                <Table.Th ta="center">{t('agents.policies')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tree.map((node) => [
                <AgentRow key={node.user._id} user={node.user} counts={counts[node.user._id]} />,
                ...node.children.map((child) => <AgentRow key={child._id} user={child} counts={counts[child._id]} sub />),
              ])}
            </Table.Tbody>
          </Table>
        </div>
        {tree.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {t('agents.empty')}
          </Text>
        ) : null}
      </Paper>
    </Stack>
  );
}
