/**
 * `/rui` ('RUI e formazione', Reg. IVASS 40/2018): for admins and responsabili, the
 * intermediary's own entry and every collaborator with section, number and this year's hours
 * (a red badge when short); for an agent, his own page (a top agent also lists his
 * sub-agents). Rows open `/rui/:id`; phones get cards.
 */
import { Alert, Badge, Stack, Text, Title } from '@mantine/core';
import { ListTable, type ListColumn } from '@sportello/host-api';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canEdit } from '../../lib/roles';
import { useSession } from '../../session/context';
import { useAccess } from '../../session/useAccess';
import { shortDate } from '../policies/policyLogic';
import { fetchCollaborators, type Collaborator } from './api';
import IntermediaryCard from './components/IntermediaryCard';
import RuiUserView from './components/RuiUserView';
import TrainingBadge from './components/TrainingBadge';
import { romeYear, useRuiLoad } from './useRuiLoad';

export default function RuiPage() {
  const { t } = useTranslation('rui');
  const { flags } = useAccess();
  const { user } = useSession();
  const navigate = useNavigate();
  const editor = canEdit(flags);
  const topAgent = flags.agent && !flags.parentAgentId;
  const year = romeYear();
  const load = useCallback(() => fetchCollaborators(year), [year]);
  const { data, error } = useRuiLoad(load);
  const rows = useMemo(() => (data ?? []).filter((row) => editor || row._id !== user?._id), [data, editor, user]);
  const columns = useMemo<ListColumn<Collaborator>[]>(
    () => [
      { key: 'name', header: t('columns.name'), cell: (row) => <Text fw={600} size="sm">{row.name || row.email}</Text>, card: 'title' },
      { key: 'section', header: t('columns.section'), cell: (row) => row.rui?.section ?? '—' },
      { key: 'number', header: t('columns.number'), cell: (row) => row.rui?.number ?? '—' },
      { key: 'registeredOn', header: t('columns.registeredOn'), cell: (row) => (row.rui ? shortDate(row.rui.registeredOn) : '—') },
      {
        key: 'valid', header: t('columns.valid'),
        cell: (row) => <Badge color={row.valid ? 'green' : 'red'} variant="light">{row.valid ? t('entry.valid') : t('entry.invalid')}</Badge>,
      },
      { key: 'hours', header: t('columns.hours', { year }), cell: (row) => <TrainingBadge training={row.training} /> },
    ],
    [t, year],
  );

  const list = (
    <>
      {error ? <Alert color="red">{error}</Alert> : null}
      <ListTable
        rows={rows}
        columns={columns}
        rowKey={(row) => row._id}
        rowProps={(row) => ({
          'data-testid': 'rui-row', 'data-id': row._id, 'data-short': row.training.short ? 'yes' : 'no',
          tabIndex: 0, style: { cursor: 'pointer' },
          onClick: () => void navigate(`/rui/${row._id}`),
          onKeyDown: (e) => { if (e.key === 'Enter') void navigate(`/rui/${row._id}`); },
        })}
        minWidth={760}
        label={t('title')}
        table={{ highlightOnHover: true, verticalSpacing: 'sm' }}
        empty={<Text c="dimmed">{t('empty')}</Text>}
      />
    </>
  );

  return (
    <Stack gap="md" className="page" maw={1100} data-testid="rui-page">
      <Title order={2}>{t('title')}</Title>
      <IntermediaryCard editor={editor} />
      {editor ? list : null}
      {!editor && user ? <RuiUserView id={user._id} /> : null}
      {!editor && topAgent && rows.length ? (
        <>
          <Title order={3}>{t('tree')}</Title>
          {list}
        </>
      ) : null}
    </Stack>
  );
}
