/**
 * The quote list's toolbar (SPEC §2): tabs PREVENTIVI / RICHIESTE DI EMISSIONE / EMISSIONI,
 * the search box synced with the `src` query parameter, the date range and the filter panel
 * (Stato preventivo, collaborator for non-agents, Archiviati with its count).
 */
import { Badge, Button, Checkbox, CloseButton, Group, Paper, SimpleGrid, Stack, TextInput, UnstyledButton } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconCalendar, IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { HostItem, QuoteFilters } from '@sportello/host-api';
import { useQuoteEnv } from '../env';
import { DEFAULT_FILTERS, TABS, tabCounts } from '../quoteLogic';
import CollaboratorSelect from './CollaboratorSelect';
import DateRangeFilter, { useRangeLabel } from './DateRangeFilter';
// its own styles: product modules show it without the core quote pages having loaded them
import '../quotes.css';

export const SEARCH_PARAM = 'src';
type Panel = 'dates' | 'filters' | null;

interface Props {
  quotes: HostItem[];
  value: QuoteFilters;
  onChange: (next: QuoteFilters) => void;
}

/** Keeps `value.search` and `?src=` in step; clearing the box resets the URL. */
function useSearchParamSync(value: QuoteFilters, onChange: (next: QuoteFilters) => void) {
  const [params, setParams] = useSearchParams();
  const src = params.get(SEARCH_PARAM);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  useEffect(() => {
    const { value: current, onChange: change } = latest.current;
    if (src !== null && src !== current.search) change({ ...current, search: src });
  }, [src]);
  useEffect(() => {
    // coming back to the list: the remembered search returns to the URL
    if (src === null && latest.current.value.search) {
      setParams({ [SEARCH_PARAM]: latest.current.value.search }, { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (search: string) => {
    onChange({ ...value, search });
    setParams(search ? { [SEARCH_PARAM]: search } : {}, { replace: true });
  };
}

export default function QuoteToolbar({ quotes, value, onChange }: Props) {
  const { t } = useTranslation('quotes');
  const { flags, statuses, userName } = useQuoteEnv();
  const setSearch = useSearchParamSync(value, onChange);
  const [panel, setPanel] = useState<Panel>(null);
  const set = (patch: Partial<QuoteFilters>) => onChange({ ...value, ...patch });

  const counts = useMemo(() => tabCounts(quotes, value, { extraText: (q) => userName(q.aId) }), [quotes, value, userName]);

  const statusOptions = useMemo(() => {
    const names = new Set(statuses.map((s) => s.name));
    for (const q of quotes) if (typeof q.status === 'string' && q.status) names.add(q.status);
    return [...names];
  }, [quotes, statuses]);

  const activeFilters = value.status.length + (value.collaborator ? 1 : 0) + (value.archived ? 1 : 0);
  const rangeLabel = useRangeLabel(value.from, value.to);
  const toggle = (next: Panel) => setPanel((open) => (open === next ? null : next));

  return (
    <Stack gap="sm" data-testid="quote-toolbar">
      <div className="quote-tabs" role="tablist">
        {TABS.map((tab) => (
          <UnstyledButton
            key={tab}
            role="tab"
            aria-selected={value.tab === tab}
            className={`quote-tab ${value.tab === tab ? 'is-active' : ''}`}
            onClick={() => set({ tab })}
            data-testid={`tab-${tab}`}
          >
            {t(`tabs.${tab}`)}
            {tab !== 'emissioni' ? (
              <Badge size="sm" variant="light" color={tab === 'richieste' ? 'orange' : 'gray'} ml={8}>
                {counts[tab]}
              </Badge>
            ) : null}
          </UnstyledButton>
        ))}
      </div>
      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          leftSection={<IconSearch size={16} />}
          value={value.search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          rightSection={value.search ? <CloseButton aria-label={t('search.clear')} onClick={() => setSearch('')} size="sm" /> : null}
          w={{ base: '100%', sm: 320 }}
          data-testid="quote-search"
        />
        <Button.Group>
          <Button
            variant={value.from || value.to ? 'light' : 'default'}
            leftSection={<IconCalendar size={16} />}
            onClick={() => toggle('dates')}
            aria-expanded={panel === 'dates'}
            data-testid="date-range"
          >
            {rangeLabel}
          </Button>
          {value.from || value.to ? (
            <Button variant="light" px={8} aria-label={t('dates.clear')} title={t('dates.clear')} onClick={() => set({ from: null, to: null })}>
              <IconX size={16} />
            </Button>
          ) : null}
        </Button.Group>
        <Button
          variant={activeFilters ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          rightSection={activeFilters ? <Badge size="sm" circle>{activeFilters}</Badge> : null}
          onClick={() => toggle('filters')}
          aria-expanded={panel === 'filters'}
          data-testid="quote-filters"
        >
          {t('filters.button')}
        </Button>
      </Group>
      {panel === 'dates' ? (
        <Paper withBorder radius="lg" p="md">
          <DateRangeFilter from={value.from} to={value.to} onChange={(from, to) => set({ from, to })} onDone={() => setPanel(null)} />
        </Paper>
      ) : null}
      {panel === 'filters' ? (
        <Paper withBorder radius="lg" p="md" data-testid="filter-panel">
          <Group align="flex-start" gap="xl">
            <Checkbox.Group label={t('filters.status')} value={value.status} onChange={(status) => set({ status })}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} verticalSpacing={6} mt={6}>
                {statusOptions.map((status) => (
                  <Checkbox key={status} value={status} label={status} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Stack gap="sm" miw={260}>
              {!flags.agent ? (
                <CollaboratorSelect
                  label={t('filters.collaborator')}
                  placeholder={t('filters.collaboratorPlaceholder')}
                  value={value.collaborator}
                  onChange={(collaborator) => set({ collaborator })}
                />
              ) : null}
              <Checkbox
                label={t('filters.archived', { count: counts.archived })}
                checked={value.archived}
                onChange={(event) => set({ archived: event.currentTarget.checked })}
                data-testid="filter-archived"
              />
              <Button
                variant="subtle"
                color="gray"
                size="xs"
                w="fit-content"
                onClick={() => set({ status: DEFAULT_FILTERS.status, collaborator: null, archived: false })}
              >
                {t('filters.reset')}
              </Button>
            </Stack>
          </Group>
        </Paper>
      ) : null}
    </Stack>
  );
}
