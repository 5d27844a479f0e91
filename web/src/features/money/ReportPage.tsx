/**
 * `/Report` (everyone but employees): commissions over a range (the quotes list's presets),
 * per collaborator with the withholding on its base (rate and base, art. 25-bis DPR 600/1973)
 * and net, totals (the company's commission and the platform's part only for managers: a
 * collaborator sees their own figures), charts
 * per month and per product or company, XLSX and CSV exports. Live: it follows the policies
 * stream, so a collected instalment moves it without a reload.
 */
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatRate, ListTable, type ListColumn } from '@sportello/host-api';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAccess } from '../../session/useAccess';
import { NotFound } from '../errors/NotFoundPage';
import { MAX_DATE, MIN_DATE, presetRange, type DateRange } from '../quotes/dates';
import { fetchReport, reportExportUrl, type ReportRow } from './api';
import EuroBars from './EuroBars';
import MoneyFigure from './MoneyFigure';
import { euros, monthSeries, toCents } from './money';
import RangePicker from './RangePicker';
import { useLiveLoad } from './useLiveLoad';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A range a link carries (`?from=…&to=…`), if it is a valid one. */
export function linkedRange(from: string | null, to: string | null): DateRange | null {
  const valid = (day: string | null): day is string => !!day && ISO_DAY.test(day) && day >= MIN_DATE && day <= MAX_DATE;
  return valid(from) && valid(to) && from <= to ? [from, to] : null;
}

export default function ReportPage() {
  const { t, i18n } = useTranslation('money');
  const { flags } = useAccess();
  const [params] = useSearchParams();
  const [[from, to], setRange] = useState(() => linkedRange(params.get('from'), params.get('to')) ?? presetRange('month'));
  const [split, setSplit] = useState<'products' | 'companies'>('products');
  const allowed = flags.any && !flags.employee;
  const load = useCallback(() => fetchReport(from, to), [from, to]);
  const { data: report, error } = useLiveLoad(allowed && from && to ? load : null);
  const months = useMemo(
    () => (report ? monthSeries(report.from, report.to, report.months, i18n.language) : []),
    [report, i18n.language],
  );
  const parts = useMemo(() => (report?.[split] ?? []).map((p) => ({ label: p.name, amount: p.amount })), [report, split]);
  const format = (value: number) => euros(toCents(value));
  if (!allowed) return <NotFound />;
  const right = { th: { ta: 'right' }, td: { ta: 'right' } } as const;
  const columns: ListColumn<ReportRow>[] = [
    {
      key: 'name',
      header: t('report.collaborator'),
      card: 'title',
      cell: (row) => (row.role === 'a' ? <Anchor component={Link} to={`/ProvvigioniAgente/${row._id}`} size="sm">{row.name}</Anchor> : row.name),
    },
    { key: 'gross', header: t('report.gross'), ...right, cell: (row) => euros(toCents(row.gross)) },
    { key: 'collected', header: t('report.collected'), ...right, cell: (row) => euros(toCents(row.collected)) },
    { key: 'pending', header: t('report.pending'), ...right, cell: (row) => euros(toCents(row.pending)) },
    {
      key: 'withholding',
      header: t('report.withholding'),
      ...right,
      testId: 'report-withholding-row',
      cell: (row) => (
        <>
          {euros(toCents(row.withholding))}
          <Text span size="xs" c="dimmed">
            {' '}
            {row.base === 'nessuna' ? t('reportBase.flatRate') : t('reportBase.onBase', { rate: formatRate(row.ritenuta), base: formatRate(row.basePercent) })}
          </Text>
        </>
      ),
    },
    { key: 'net', header: t('report.net'), ...right, cell: (row) => <Text span inherit fw={600}>{euros(toCents(row.net))}</Text> },
  ];
  return (
    <Stack gap="md" className="page" maw={1200} data-testid="report-page">
      <Group justify="space-between" align="end">
        <Title order={2}>{t('report.title')}</Title>
        <Group>
          {flags.admin ? (
            <Button component={Link} to="/saldo-collaboratore" variant="subtle" data-testid="report-balances">
              {t('report.balances')}
            </Button>
          ) : null}
          <Button component="a" href={reportExportUrl(from, to, 'xlsx')} download variant="light" data-testid="report-xlsx">XLSX</Button>
          <Button component="a" href={reportExportUrl(from, to, 'csv')} download variant="subtle">CSV</Button>
        </Group>
      </Group>
      <RangePicker range={[from, to]} onChange={setRange} />
      {error ? <Text c="red">{error}</Text> : null}
      {report ? (
        <SimpleGrid cols={{ base: 2, md: report.totals.platform !== undefined ? 5 : 4 }}>
          <MoneyFigure label={t('report.gross')} cents={toCents(report.totals.gross)} testId="report-gross" />
          <MoneyFigure label={t('report.collected')} cents={toCents(report.totals.collected)} testId="report-collected" />
          <MoneyFigure label={t('report.withholding')} cents={toCents(report.totals.withholding)} testId="report-withholding" />
          <MoneyFigure label={t('report.net')} cents={toCents(report.totals.net)} testId="report-net" />
          {report.totals.platform !== undefined ? <MoneyFigure label={t('report.platform')} cents={toCents(report.totals.platform)} testId="report-platform" /> : null}
        </SimpleGrid>
      ) : null}
      {report ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Paper withBorder radius="lg" p="md">
            <Text fw={600} mb="sm">{t('report.perMonth')}</Text>
            <EuroBars data={months} name={t('report.commissions')} format={format} testId="chart-months" />
          </Paper>
          <Paper withBorder radius="lg" p="md">
            <Group justify="space-between" mb="sm">
              <Text fw={600}>{t(`report.per.${split}`)}</Text>
              <Group gap={4}>
                {(['products', 'companies'] as const).map((value) => (
                  <Button key={value} size="compact-xs" variant={split === value ? 'filled' : 'subtle'} onClick={() => setSplit(value)}>
                    {t(`report.${value}`)}
                  </Button>
                ))}
              </Group>
            </Group>
            <EuroBars data={parts} name={t('report.commissions')} format={format} testId="chart-parts" />
          </Paper>
        </SimpleGrid>
      ) : null}
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <ListTable
          rows={report?.agents ?? []}
          columns={columns}
          rowKey={(row) => row._id}
          rowProps={() => ({ 'data-testid': 'report-agent' })}
          minWidth={820}
          label={t('report.title')}
          table={{ verticalSpacing: 'sm', horizontalSpacing: 'md' }}
          testId="report-agents"
        />
        {report && report.agents.length === 0 ? <Text c="dimmed" ta="center" py="lg">{t('report.empty')}</Text> : null}
      </Paper>
    </Stack>
  );
}
