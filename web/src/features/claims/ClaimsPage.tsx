/**
 * `/sinistri`: the claims the user sees, live from the `sinistri` stream, newest first, with
 * where the report to the company stands; filters by status, by 'waiting on the office' and by
 * words. Rows are cards, folding to two lines on a phone.
 */
import { Center, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainSelect, rememberedList, rememberList } from '@sportello/host-api';
import { shortDate } from '../policies/policyLogic';
import { DEFAULT_CLAIM_FILTERS, filterClaims, isStatus, OPEN, reportDeadline, STATUSES, type Claim, type ClaimFilters } from './claimLogic';
import ClaimStatusBadge from './components/ClaimStatusBadge';
import ReportDeadlineText from './components/ReportDeadlineText';
import { CLAIMS, useClaims, useRomeToday } from './useClaims';
import './claims.css';

function ClaimRow({ claim, today }: { claim: Claim; today: string }) {
  return (
    <Link to={`/sinistri/${claim._id}`} className={`claim-row ${claim.status === OPEN ? 'is-waiting' : ''}`} data-testid="claim-row" data-id={claim._id}>
      <div className="claim-who">
        <Text fw={600} size="sm" truncate="end">
          {claim.customer || '—'}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {claim.policyNumber || '—'}
        </Text>
      </div>
      <Text className="claim-company" size="sm" truncate="end">
        {claim.company || '—'}
      </Text>
      <Text className="claim-day" size="sm">
        {shortDate(claim.eventDate)}
      </Text>
      <div className="claim-status">
        <ClaimStatusBadge status={claim.status} />
      </div>
      <div className="claim-deadline">
        <ReportDeadlineText deadline={reportDeadline(claim, today)} />
      </div>
    </Link>
  );
}

export default function ClaimsPage() {
  const { t } = useTranslation('claims');
  const claims = useClaims();
  const today = useRomeToday();
  const [filters, setFilters] = useState<ClaimFilters>(() => rememberedList(CLAIMS, DEFAULT_CLAIM_FILTERS).filters);
  const deferred = useDeferredValue(filters);
  const rows = useMemo(() => filterClaims(claims, deferred), [claims, deferred]);

  const change = (patch: Partial<ClaimFilters>) => {
    const next = { ...filters, ...patch };
    setFilters(next);
    rememberList(CLAIMS, DEFAULT_CLAIM_FILTERS, { filters: next });
  };

  return (
    <Stack gap="md" className="claims-page" data-testid="claims-page">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed" size="sm" data-testid="claims-count">
          {t('count', { count: rows.length })}
        </Text>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={filters.search}
          onChange={(e) => change({ search: e.currentTarget.value })}
          style={{ flex: '1 1 240px' }}
          data-testid="claims-search"
        />
        <PlainSelect
          label={t('filters.status')}
          data={[{ value: '', label: t('filters.allStatuses') }, ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          value={filters.status}
          onChange={(value) => change({ status: isStatus(value) ? value : '' })}
          w={200}
          data-testid="claims-status"
        />
        <Checkbox
          label={t('filters.waiting')}
          checked={filters.waiting}
          onChange={(e) => change({ waiting: e.currentTarget.checked })}
          mb={8}
          data-testid="claims-waiting"
        />
      </Group>
      <div className="claim-list">
        <div className="claim-row claim-head" aria-hidden="true">
          <span className="claim-who">{`${t('columns.customer')} · ${t('columns.policy')}`}</span>
          <span className="claim-company">{t('columns.company')}</span>
          <span className="claim-day">{t('columns.eventDate')}</span>
          <span className="claim-status">{t('columns.status')}</span>
          <span className="claim-deadline">{t('columns.deadline')}</span>
        </div>
        {rows.length ? (
          <div className="claim-list" role="list" aria-label={t('title')}>
            {rows.map((claim) => (
              <div role="listitem" key={claim._id}>
                <ClaimRow claim={claim} today={today} />
              </div>
            ))}
          </div>
        ) : (
          <Paper withBorder radius="md">
            <Center py={60} data-testid="claims-empty">
              <Text c="dimmed">{claims.length ? t('empty.filtered') : t('empty.none')}</Text>
            </Center>
          </Paper>
        )}
      </div>
    </Stack>
  );
}
