/** The policies list's toolbar: search, end-date range, company, collaborator, 16 days, unpaid. */
import { Button, Checkbox, CloseButton, Group, Paper, TextInput } from '@mantine/core';
import { IconCalendar, IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainSelect } from '@sportello/host-api';
import CollaboratorSelect from '../../quotes/components/CollaboratorSelect';
import DateRangeFilter, { useRangeLabel } from '../../quotes/components/DateRangeFilter';
import { useQuoteEnv } from '../../quotes/env';
import type { PolicyFilters } from '../policyLogic';

interface Props {
  value: PolicyFilters;
  onChange: (next: PolicyFilters) => void;
  companies: string[];
}

export default function PolicyToolbar({ value, onChange, companies }: Props) {
  const { t } = useTranslation('policies');
  const { t: tq } = useTranslation('quotes');
  const { flags } = useQuoteEnv();
  const [dates, setDates] = useState(false);
  const set = (patch: Partial<PolicyFilters>) => onChange({ ...value, ...patch });
  const rangeLabel = useRangeLabel(value.from, value.to);

  return (
    <>
      <Group gap="sm" wrap="wrap" align="flex-end" data-testid="policy-toolbar">
        <TextInput
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          leftSection={<IconSearch size={16} />}
          value={value.search}
          onChange={(event) => set({ search: event.currentTarget.value })}
          rightSection={value.search ? <CloseButton aria-label={tq('search.clear')} onClick={() => set({ search: '' })} size="sm" /> : null}
          w={{ base: '100%', sm: 300 }}
          data-testid="policy-search"
        />
        <Button.Group>
          <Button
            variant={value.from || value.to ? 'light' : 'default'}
            leftSection={<IconCalendar size={16} />}
            onClick={() => setDates((open) => !open)}
            aria-expanded={dates}
            aria-label={`${t('filters.endDate')}: ${rangeLabel}`}
          >
            {rangeLabel}
          </Button>
          {value.from || value.to ? (
            <Button variant="light" px={8} aria-label={tq('dates.clear')} title={tq('dates.clear')} onClick={() => set({ from: null, to: null })}>
              <IconX size={16} />
            </Button>
          ) : null}
        </Button.Group>
        <PlainSelect
          aria-label={t('filters.company')}
          data={[{ value: '', label: t('filters.allCompanies') }, ...companies.map((c) => ({ value: c, label: c }))]}
          value={value.company ?? ''}
          onChange={(company) => set({ company: company || null })}
          data-testid="policy-company"
        />
        {!flags.agent ? (
          <CollaboratorSelect
            label={t('filters.collaborator')}
            placeholder={tq('filters.collaboratorPlaceholder')}
            value={value.collaborator}
            onChange={(collaborator) => set({ collaborator })}
          />
        ) : null}
        <Checkbox
          label={t('filters.expiring')}
          checked={value.expiring}
          onChange={(event) => set({ expiring: event.currentTarget.checked })}
          data-testid="policy-expiring"
        />
        <Checkbox
          label={t('filters.unpaid')}
          checked={value.unpaid}
          onChange={(event) => set({ unpaid: event.currentTarget.checked })}
          data-testid="policy-unpaid"
        />
      </Group>
      {dates ? (
        <Paper withBorder radius="lg" p="md">
          <DateRangeFilter from={value.from} to={value.to} onChange={(from, to) => set({ from, to })} onDone={() => setDates(false)} />
        </Paper>
      ) : null}
    </>
  );
}
