/**
 * `/ProvvigioniAgente/{aId}`: one agent's commission lines over a range (policy, day, product,
 * rate, commission, collected or pending; the company's amount only for managers, the server
 * sends it to them alone), each linking to its policy or the
 * line's practice. Live on the policies stream.
 */
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatRate, ListTable, type ListColumn } from '@sportello/host-api';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAccess } from '../../session/useAccess';
import { NotFound } from '../errors/NotFoundPage';
import { shortDate } from '../policies/policyLogic';
import { presetRange } from '../quotes/dates';
import { fetchAgentLines, type CommissionLine } from './api';
import { euros, toCents } from './money';
import RangePicker from './RangePicker';
import MoneyFigure from './MoneyFigure';
import { useLiveLoad } from './useLiveLoad';

/** Where a line opens: its policy, or a product line's practice. */
function target(line: CommissionLine): string {
  const id = encodeURIComponent(line.link.params.id);
  if (line.link.name === 'polizza') return `/polizza/${id}`;
  return `/${line.link.name.replace(/-pratica$/, '')}/${id}`;
}

export default function AgentCommissionsPage() {
  const { t } = useTranslation('money');
  const { aId = '' } = useParams();
  const { flags } = useAccess();
  const [[from, to], setRange] = useState(() => presetRange('year'));
  const allowed = flags.any && !flags.employee;
  const load = useCallback(() => fetchAgentLines(aId, from, to), [aId, from, to]);
  const { data, error } = useLiveLoad(allowed && aId && from && to ? load : null);
  const lines = data?.lines ?? [];
  const companyShown = lines.some((line) => line.companyAmount !== undefined);
  if (!allowed) return <NotFound />;
  const right = { th: { ta: 'right' }, td: { ta: 'right' } } as const;
  const columns: ListColumn<CommissionLine>[] = [
    { key: 'day', header: t('lines.day'), cell: (line) => shortDate(line.day) },
    {
      key: 'policy',
      header: t('lines.policy'),
      card: 'title',
      cell: (line) => (
        <>
          <Anchor component={Link} to={target(line)} size="sm">{line.number ?? t('lines.practice')}</Anchor>
          {line.share === 'differenza' ? <Text span size="xs" c="dimmed"> · {t('lines.difference')}</Text> : null}
        </>
      ),
    },
    { key: 'product', header: t('lines.product'), cell: (line) => [line.product, line.company].filter(Boolean).join(' · ') || '—' },
    ...(companyShown
      ? [{ key: 'companyAmount', header: t('lines.companyAmount'), ...right, cell: (line: CommissionLine) => (line.companyAmount !== undefined ? euros(toCents(line.companyAmount)) : '—') }]
      : []),
    { key: 'rate', header: t('lines.rate'), ...right, cell: (line) => (line.rate !== null ? formatRate(line.rate) : '—') },
    { key: 'commission', header: t('lines.commission'), ...right, cell: (line) => <Text span inherit fw={600}>{euros(toCents(line.commission))}</Text> },
    {
      key: 'state',
      header: t('lines.state'),
      cell: (line) => (
        <Group gap={4}>
          <Badge variant="light" color={line.paid ? 'teal' : 'gray'}>{line.paid ? t('lines.paid') : t('lines.unpaid')}</Badge>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="md" className="page" maw={1200} data-testid="agent-commissions-page">
      <Title order={2}>{t('lines.title', { name: data?.agent.name ?? '' })}</Title>
      <RangePicker range={[from, to]} onChange={setRange} />
      {error ? <Text c="red">{error}</Text> : null}
      {data ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {(['commission', 'collected', 'pending'] as const).map((key) => (
            <MoneyFigure key={key} label={t(`lines.${key}`)} cents={toCents(data.totals[key])} testId={`lines-${key}`} />
          ))}
        </SimpleGrid>
      ) : null}
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <ListTable
          rows={lines}
          columns={columns}
          rowKey={(line, index) => `${line.link.params.id}-${line.day}-${index}`}
          rowProps={() => ({ 'data-testid': 'commission-line' })}
          minWidth={900}
          label={t('lines.title', { name: data?.agent.name ?? '' })}
          table={{ verticalSpacing: 'xs', horizontalSpacing: 'md' }}
        />
        {data && data.lines.length === 0 ? <Text c="dimmed" ta="center" py="lg">{t('lines.empty')}</Text> : null}
      </Paper>
    </Stack>
  );
}
