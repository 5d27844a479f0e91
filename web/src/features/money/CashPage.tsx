/**
 * `/cassa` (admins): instalments by cassa date with collected and outstanding totals, per
 * payment method and company; collect or undo from here; close a day (its payments are then
 * locked); XLSX export. It follows the policies stream, so every open cash sheet stays current.
 */
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ListTable, type ListColumn } from '@sportello/host-api';
import { modals } from '@mantine/modals';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import DayInput from '../../components/DayInput';
import { useAccess } from '../../session/useAccess';
import { NotFound } from '../errors/NotFoundPage';
import { romeToday, shortDate } from '../policies/policyLogic';
import { errorText, notify } from '../quotes/env';
import { cashExportUrl, closeDay, collect, fetchCash, type CashRow } from './api';
import MoneyFigure from './MoneyFigure';
import { euros, monthBounds, toCents } from './money';
import { useLiveLoad } from './useLiveLoad';

function RowAction({ row, onDone }: { row: CashRow; onDone: () => void }) {
  const { t } = useTranslation('money');
  const [busy, setBusy] = useState(false);
  if (row.suspended) return <Badge color="orange" variant="light">{t('cash.suspended')}</Badge>;
  const act = async (action: 'paga' | 'annulla') => {
    setBusy(true);
    try {
      await collect(row.policyId, row.n, action);
      notify.success(action === 'paga' ? t('cash.collected') : t('cash.undone'));
      onDone();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return row.paid ? (
    <Group gap="xs" wrap="nowrap">
      <Badge color="teal" variant="light">{t('cash.paidOn', { date: shortDate(row.paidAt) })}</Badge>
      <Button size="compact-xs" variant="subtle" color="red" loading={busy} onClick={() => act('annulla')}>{t('cash.undo')}</Button>
    </Group>
  ) : (
    <Button size="compact-sm" loading={busy} onClick={() => act('paga')} data-testid="cash-collect">{t('cash.collect')}</Button>
  );
}

export default function CashPage() {
  const { t } = useTranslation('money');
  const { flags } = useAccess();
  const [[from, to], setRange] = useState<[string, string]>(() => monthBounds(romeToday().slice(0, 7)));
  const [day, setDay] = useState(romeToday());
  const load = useCallback(() => fetchCash(from, to), [from, to]);
  const { data: sheet, error, reload } = useLiveLoad(flags.admin && from && to ? load : null);

  if (!flags.admin) return <NotFound />;
  const columns: ListColumn<CashRow>[] = [
    { key: 'cassa', header: t('cash.cassa'), cell: (row) => shortDate(row.cassa) },
    {
      key: 'policy',
      header: t('cash.policy'),
      card: 'title',
      cell: (row) => (
        <>
          <Anchor component={Link} to={`/polizza/${row.policyId}`} size="sm">{row.number ?? '—'}</Anchor>
          <Text span size="xs" c="dimmed"> · {t('cash.instalment', { n: row.n })}</Text>
        </>
      ),
    },
    { key: 'customer', header: t('cash.customer'), cell: (row) => row.customer || '—' },
    { key: 'company', header: t('cash.company'), cell: (row) => row.company ?? '—' },
    { key: 'amount', header: t('cash.amount'), th: { ta: 'right' }, td: { ta: 'right' }, cell: (row) => euros(toCents(row.total)) },
    { key: 'state', header: t('cash.state'), card: 'wide', cell: (row) => <RowAction row={row} onDone={reload} /> },
  ];
  const confirmClose = () =>
    modals.openConfirmModal({
      title: t('cash.closeTitle'),
      children: <Text size="sm">{t('cash.closeText', { date: shortDate(day) })}</Text>,
      labels: { confirm: t('cash.close'), cancel: t('cash.cancel') },
      onConfirm: () =>
        closeDay(day).then(
          () => {
            notify.success(t('cash.closed', { date: shortDate(day) }));
            reload();
          },
          (failure) => notify.error(errorText(failure)),
        ),
    });
  return (
    <Stack gap="md" className="page" maw={1200} data-testid="cash-page">
      <Group justify="space-between" align="end">
        <Title order={2}>{t('cash.title')}</Title>
        <Group align="end">
          <DayInput label={t('cash.from')} value={from} onChange={(next) => next && setRange([next, to])} data-testid="cash-from" />
          <DayInput label={t('cash.to')} value={to} min={from} onChange={(next) => next && setRange([from, next])} data-testid="cash-to" />
          <Button component="a" href={cashExportUrl(from, to)} download variant="light">{t('cash.export')}</Button>
        </Group>
      </Group>
      {error ? <Text c="red">{error}</Text> : null}
      {sheet ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <MoneyFigure label={t('cash.due')} cents={toCents(sheet.totals.due)} testId="cash-due" />
          <MoneyFigure label={t('cash.collectedTotal')} cents={toCents(sheet.totals.collected)} testId="cash-collected" />
          <MoneyFigure label={t('cash.outstanding')} cents={toCents(sheet.totals.outstanding)} testId="cash-outstanding" />
        </SimpleGrid>
      ) : null}
      <Paper withBorder radius="lg" p="md">
        <Group align="end">
          <DayInput label={t('cash.day')} value={day} max={romeToday()} onChange={(next) => setDay(next ?? '')} data-testid="cash-day" />
          <Button color="dark" onClick={confirmClose} disabled={!day} data-testid="cash-close">{t('cash.close')}</Button>
          <Text size="sm" c="dimmed">
            {t('cash.closedDays')}: {sheet?.closedDays.length ? sheet.closedDays.map((d) => shortDate(d.day)).join(', ') : '—'}
          </Text>
        </Group>
      </Paper>
      {sheet ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Paper withBorder radius="lg" p="md">
            <Text fw={600} mb="xs">{t('cash.byMethod')}</Text>
            {sheet.methods.map((m) => (
              <Group key={m.name} justify="space-between"><Text size="sm">{m.label}</Text><Text size="sm">{euros(toCents(m.collected))}</Text></Group>
            ))}
          </Paper>
          <Paper withBorder radius="lg" p="md">
            <Text fw={600} mb="xs">{t('cash.byCompany')}</Text>
            {sheet.companies.map((c) => (
              <Group key={c.name} justify="space-between">
                <Text size="sm">{c.name}</Text>
                <Text size="sm">{euros(toCents(c.collected))} / {euros(toCents(c.due))}</Text>
              </Group>
            ))}
          </Paper>
        </SimpleGrid>
      ) : null}
      {sheet?.remittances?.length ? (
        <Paper withBorder radius="lg" p="md" data-testid="cash-remittances">
          <Text fw={600} mb="xs">{t('cash.remittances')}: {euros(-toCents(sheet.remittancesTotal ?? 0))}</Text>
          {sheet.remittances.map((r) => (
            <Group key={r._id} justify="space-between">
              <Text size="sm">{shortDate(r.paidOn)} · {r.company} ({shortDate(r.from)} – {shortDate(r.to)}) · {r.methodLabel ?? '—'}</Text>
              <Text size="sm">{euros(-toCents(r.amount))}</Text>
            </Group>
          ))}
        </Paper>
      ) : null}
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <ListTable
          rows={sheet?.rows ?? []}
          columns={columns}
          rowKey={(row) => `${row.policyId}-${row.n}`}
          rowProps={() => ({ 'data-testid': 'cash-row' })}
          minWidth={900}
          label={t('cash.title')}
          table={{ verticalSpacing: 'xs', horizontalSpacing: 'md' }}
          testId="cash-rows"
        />
        {sheet && sheet.rows.length === 0 ? <Text c="dimmed" ta="center" py="lg">{t('cash.empty')}</Text> : null}
        {sheet?.truncated ? <Text c="dimmed" ta="center" py="sm">{t('cash.truncated')}</Text> : null}
      </Paper>
    </Stack>
  );
}
