/**
 * `/polizze/insolute`: the instalments unpaid past their due date (`GET /api/polizze/insolute`,
 * by the agent-tree rule), each with its policy's cover and the whole days of cover left,
 * computed with the art. 1901 rule at the browser's clock (so they tick), searchable and
 * filtered by cover; a reminder sent now per row (`inviaSollecito`, at most one an hour).
 * Live: a payment arriving through the policies stream drops its row at once and reloads.
 */
import { Anchor, Badge, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailForward, IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable, type HostItem, type ListColumn } from '@sportello/host-api';
import { errorText, notify, useCollection, useQuoteEnv } from '../quotes/env';
import { euros, shortDate, toCents } from '../policies/policyLogic';
import { coverText } from '../cover/CoverBadge';
import { coverAt, daysBetween, daysLeft, romeDay, type Cover, type CoverRate } from '../cover/cover';
import { useNow } from '../cover/useNow';
import { filterOverdue, loadOverdue, type OverdueRow } from './api';

const COLOURS = { in_copertura: 'orange', sospesa: 'red', insoluta_sei_mesi: 'grape' } as const;

function serverCover(row: OverdueRow): Cover {
  const at = (value: string | null) => (value ? new Date(value) : null);
  return { status: row.cover, since: at(row.suspendedSince), until: at(row.suspendsAt ?? row.resumesAt), instalment: row.n };
}

export default function OverduePage() {
  const { t } = useTranslation('dunning');
  const { call, userName } = useQuoteEnv();
  const policies = useCollection('polizze');
  const now = useNow();
  const [rows, setRows] = useState<OverdueRow[] | null>(null);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [sending, setSending] = useState<string | null>(null);

  const reload = useCallback(() => {
    loadOverdue().then(setRows, (error: unknown) => notify.error(errorText(error)));
  }, []);
  // the policies stream moves on a payment: reload the list (shortly, once for a burst)
  useEffect(() => {
    const timer = setTimeout(reload, 400);
    return () => clearTimeout(timer);
  }, [policies, reload]);

  const rateOf = (row: OverdueRow) => {
    const rates = (policies[row.policyId] as HostItem | undefined)?.rate as CoverRate[] | undefined;
    return { rates, rate: rates?.find((r) => r.n === row.n) };
  };
  const coverOf = (row: OverdueRow): Cover => {
    const { rates } = rateOf(row);
    return rates ? coverAt(rates, now) : serverCover(row);
  };
  const open = (rows ?? []).filter((row) => !rateOf(row).rate?.paid);
  const shown = filterOverdue(open, search, status, (row) => coverOf(row).status);
  const statuses = useMemo(() => ['in_copertura', 'sospesa', 'insoluta_sei_mesi'].map((value) => ({ value, label: t(`status.${value}`) })), [t]);

  const remind = async (row: OverdueRow) => {
    const key = `${row.policyId}:${row.n}`;
    setSending(key);
    try {
      const sent = await call<{ to: string }>('inviaSollecito', { policyId: row.policyId, n: row.n });
      notify.success(t('sent', { to: sent.to }));
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setSending(null);
    }
  };

  const keyOf = (row: OverdueRow) => `${row.policyId}:${row.n}`;
  const columns: ListColumn<OverdueRow>[] = [
    { key: 'customer', header: t('columns.customer'), card: 'title', cell: (row) => <Text fw={600} size="sm">{row.customer || '—'}</Text> },
    {
      key: 'policy',
      header: t('columns.policy'),
      cell: (row) => (
        <Anchor component={Link} to={`/polizza/${row.policyId}`} size="sm">
          {[row.company, row.number].filter(Boolean).join(' ') || '—'}
        </Anchor>
      ),
    },
    { key: 'instalment', header: t('columns.instalment'), cell: (row) => row.n },
    { key: 'due', header: t('columns.due'), cell: (row) => shortDate(row.due) },
    { key: 'amount', header: t('columns.amount'), cell: (row) => euros(toCents(row.tot)) },
    { key: 'late', header: t('columns.late'), testId: 'overdue-late', cell: (row) => t('days', { count: daysBetween(row.due, romeDay(now)) }) },
    {
      key: 'cover',
      header: t('columns.cover'),
      card: 'wide',
      cell: (row) => {
        const cover = coverOf(row);
        return (
          <Badge color={COLOURS[cover.status]} variant="light" style={{ textTransform: 'none', height: 'auto' }} styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }} data-testid="overdue-cover" data-status={cover.status}>
            {coverText(t, cover, now)}
          </Badge>
        );
      },
    },
    {
      key: 'daysLeft',
      header: t('columns.daysLeft'),
      testId: 'overdue-days-left',
      cell: (row) => {
        const left = daysLeft(coverOf(row), now);
        return left === null ? '—' : t('days', { count: left });
      },
    },
    { key: 'agent', header: t('columns.agent'), cell: (row) => userName(row.aId) || '—' },
    {
      key: 'action',
      header: t('columns.action'),
      cell: (row) => (
        <Button size="xs" variant="light" leftSection={<IconMailForward size={14} />} loading={sending === keyOf(row)} onClick={() => void remind(row)} data-testid="overdue-remind">
          {t('remind')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="md" className="page" data-testid="overdue-page">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed" size="sm">
            {t('subtitle')}
          </Text>
        </div>
        <Group gap="sm">
          <TextInput leftSection={<IconSearch size={16} />} placeholder={t('search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} maxLength={100} data-testid="overdue-search" />
          <Select placeholder={t('allStatuses')} data={statuses} value={status} onChange={setStatus} clearable w={220} data-testid="overdue-status" />
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('count', { count: shown.length })}
      </Text>
      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        <ListTable
          rows={shown}
          columns={columns}
          rowKey={keyOf}
          rowProps={(row) => ({ 'data-testid': 'overdue-row', 'data-policy': row.policyId, 'data-n': row.n })}
          minWidth={960}
          label={t('title')}
          table={{ striped: true, highlightOnHover: true, verticalSpacing: 'sm' }}
          empty={
            rows !== null ? (
              <Text c="dimmed" ta="center" py="md">
                {t('empty')}
              </Text>
            ) : null
          }
        />
      </Paper>
    </Stack>
  );
}
