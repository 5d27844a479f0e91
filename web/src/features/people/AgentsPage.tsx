/**
 * `/Agenti`: agents with their sub-agents as a tree (live from the users stream), their quotes
 * and policies counts, and links to their commissions and balance.
 */
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ListTable, type ListColumn } from '@sportello/host-api';
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

/** A line of the tree: an agent, or one of its sub-agents (indented under it). */
interface AgentLine {
  user: User;
  counts?: AgentCounts;
  sub: boolean;
}

/** The agent's links, where the viewer's menu leads: the report's lines, an admin's balances. */
function AgentLinks({ line }: { line: AgentLine }) {
  const { t } = useTranslation('people');
  const { menu, flags } = useAccess();
  const seesReport = menu.some((entry) => entry.key === 'report');
  return (
    <Group gap="md">
      {seesReport ? (
        <Anchor component={Link} to={`/ProvvigioniAgente/${line.user._id}`} size="sm">
          {t('agents.commissions')}
        </Anchor>
      ) : null}
      {!line.sub && flags.admin ? (
        <Anchor component={Link} to={`/saldo-collaboratore/${line.user._id}`} size="sm">
          {t('agents.balance')}
        </Anchor>
      ) : null}
    </Group>
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
  const lines: AgentLine[] = tree.flatMap((node) => [
    { user: node.user, counts: counts[node.user._id], sub: false },
    ...node.children.map((child) => ({ user: child, counts: counts[child._id], sub: true })),
  ]);
  const columns: ListColumn<AgentLine>[] = [
    {
      key: 'agent',
      header: `${tenant.wording.agent} / ${tenant.wording.subagent}`,
      card: 'title',
      cell: ({ user, sub }) => (
        <Group gap="sm" wrap="nowrap" pl={sub ? 36 : undefined}>
          <UserAvatar user={user} size={sub ? 28 : 34} />
          <div style={{ minWidth: 0 }}>
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
      ),
    },
    { key: 'quotes', header: t('agents.quotes'), th: { ta: 'center' }, td: { ta: 'center' }, cell: (line) => line.counts?.quotes ?? '—' },
    { key: 'policies', header: t('agents.policies'), th: { ta: 'center' }, td: { ta: 'center' }, cell: (line) => line.counts?.policies ?? '—' },
    { key: 'links', header: '', card: 'wide', cell: (line) => <AgentLinks line={line} /> },
  ];
  return (
    <Stack gap="md" className="page" maw={1100} data-testid="agents-page">
      <Title order={2}>{tenant.wording.agents}</Title>
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <ListTable
          rows={lines}
          columns={columns}
          rowKey={(line) => line.user._id}
          rowProps={(line) => ({ 'data-testid': line.sub ? 'subagent-row' : 'agent-row' })}
          minWidth={700}
          label={tenant.wording.agents}
          table={{ verticalSpacing: 'sm', horizontalSpacing: 'md' }}
        />
        {tree.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {t('agents.empty')}
          </Text>
        ) : null}
      </Paper>
    </Stack>
  );
}
