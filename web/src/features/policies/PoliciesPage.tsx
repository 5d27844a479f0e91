/**
 * `/polizze` (SPEC §2, §4): the live `polizze` collection, filtered and sorted by
 * ./policyLogic and virtualised like the quotes list; filters survive navigation.
 */
import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { rememberedList, rememberList, VirtualRows, type HostItem, type RowMeasure } from '@sportello/host-api';
import '@sportello/host-api/rows.css';
import { useCollection, useQuoteEnv } from '../quotes/env';
import PolicyToolbar from './components/PolicyToolbar';
import CancelledBadge from '../policy-changes/components/CancelledBadge';
import { DEFAULT_POLICY_FILTERS, euros, filterPolicies, instalmentsOf, policyCustomer, type PolicyFilters, shortDate, toCents } from './policyLogic';
import CoverBadge from '../cover/CoverBadge';
import { policyAlerts } from '../../store/selectors';
import './policies.css';

const LIST = 'polizze';
const ROW_HEIGHT = 56;

export default function PoliciesPage() {
  const { t } = useTranslation('policies');
  const navigate = useNavigate();
  const { userName } = useQuoteEnv();
  const collection = useCollection('polizze');
  const [filters, setFilters] = useState<PolicyFilters>(() => rememberedList(LIST, DEFAULT_POLICY_FILTERS).filters);
  const deferred = useDeferredValue(filters);
  const policies = useMemo(() => Object.values(collection) as HostItem[], [collection]);
  const today = useMemo(() => new Date(), []);
  const rows = useMemo(() => filterPolicies(policies, deferred, today, (p) => userName(p.aId)), [policies, deferred, today, userName]);
  const companies = useMemo(() => [...new Set(policies.map((p) => String(p.company ?? '')).filter(Boolean))].sort(), [policies]);

  const onFilters = useCallback((next: PolicyFilters) => {
    setFilters(next);
    rememberList(LIST, DEFAULT_POLICY_FILTERS, { filters: next });
  }, []);

  const open = (policy: HostItem) => void navigate(`/polizza/${policy._id}`);

  const row = (policy: HostItem, index: number, offset: number, measure: RowMeasure) => (
    <div
      key={policy._id}
      {...measure}
      role="row"
      tabIndex={0}
      aria-rowindex={index + 1}
      data-testid="policy-row"
      data-id={policy._id}
      className={`sp-grid sp-row ${policyAlerts(policy, today) ? 'is-highlighted' : ''}`}
      style={{ transform: `translateY(${offset}px)` }}
      onClick={() => open(policy)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') open(policy);
      }}
    >
      <Text className="sp-cell sp-strong" role="cell" size="sm" truncate="end">
        {policyCustomer(policy) || '—'}
        {policy.cancelledOn ? null : <CoverBadge rates={instalmentsOf(policy)} compact />}
      </Text>
      <Text className="sp-cell" role="cell" size="sm" truncate="end">
        {String(policy.company ?? '—')}
      </Text>
      <Text className="sp-cell" role="cell" size="sm" truncate="end">
        {String(policy.number ?? '—')}
      </Text>
      <Text className="sp-cell policy-money" role="cell" size="sm">
        {euros(toCents(policy.premium))}
      </Text>
      <Text className="sp-cell" role="cell" size="sm">
        {t(`frequency.${String(policy.frequency ?? 'ANN')}`)}
      </Text>
      <Text className="sp-cell" role="cell" size="sm" component="div">
        {policy.cancelledOn ? <CancelledBadge policy={policy} /> : shortDate(policy.endDate)}
      </Text>
      <Text className="sp-cell" role="cell" size="sm" truncate="end">
        {userName(policy.aId) || '—'}
      </Text>
    </div>
  );

  return (
    <Stack gap="md" className="quotes-page" data-testid="policies-page">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed" size="sm" data-testid="policies-count">
          {t('count', { count: rows.length })}
        </Text>
      </Group>
      <PolicyToolbar value={filters} onChange={onFilters} companies={companies} />
      <Paper className="sp-table policy-table" role="table" aria-rowcount={rows.length}>
        <div className="sp-grid sp-head" role="row">
          {(['customer', 'company', 'number', 'premium', 'frequency', 'endDate', 'collaborator'] as const).map((column) => (
            <span key={column} role="columnheader" className={column === 'premium' ? 'policy-money' : undefined}>
              {t(`columns.${column}`)}
            </span>
          ))}
        </div>
        {rows.length ? (
          <VirtualRows rows={rows} listKey={LIST} rowHeight={ROW_HEIGHT} renderRow={row} />
        ) : (
          <div role="rowgroup">
            <div role="row">
              <Center role="cell" py={60} data-testid="policies-empty">
                <Text c="dimmed">{policies.length ? t('empty.filtered') : t('empty.none')}</Text>
              </Center>
            </div>
          </div>
        )}
      </Paper>
    </Stack>
  );
}
