/**
 * `/preventivi` (SPEC §2, §4): the plain quotes (no product line) of the live `preventivi`
 * collection, filtered and sorted by ./quoteLogic, virtualised so that 10,000 rows scroll
 * smoothly. Filters and scroll position survive navigation (./listMemory).
 */
import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { HostItem, QuoteFilters } from '../../federation/contract';
import CollaboratorSelect from './components/CollaboratorSelect';
import QuoteToolbar from './components/QuoteToolbar';
import StatusBadge from './components/StatusBadge';
import { useCollection, useQuoteEnv } from './env';
import { romeDateTime } from './fieldText';
import { rememberedList, rememberList } from './listMemory';
import { customerName, filterQuotes, isHighlighted, valueText } from './quoteLogic';
import './quotes.css';

const LIST = 'preventivi';
const ROW_HEIGHT = 60;

function plate(quote: HostItem): string {
  const entries = Array.isArray(quote.usrData) ? (quote.usrData as { type?: string; value?: unknown }[]) : [];
  return valueText(entries.find((e) => e.type === 'targa')?.value);
}

function Empty({ filters }: { filters: QuoteFilters }) {
  const { t } = useTranslation('quotes');
  const navigate = useNavigate();
  const { flags } = useQuoteEnv();
  const [collaborator, setCollaborator] = useState<string | null>(null);
  return (
    <Center py={60} data-testid="quotes-empty">
      <Stack align="center" gap="sm" maw={420}>
        <Title order={4}>{t('empty.title')}</Title>
        <Text c="dimmed" ta="center">
          {filters.tab === 'emissioni' ? t('empty.emissions') : t('empty.text')}
        </Text>
        {flags.agent ? (
          <Button leftSection={<IconFilePlus size={18} />} onClick={() => void navigate('/prodotti')}>
            {t('empty.create')}
          </Button>
        ) : flags.admin || flags.responsabile ? (
          <CollaboratorSelect
            value={collaborator}
            onChange={(id) => {
              setCollaborator(id);
              if (id) void navigate(`/prodotti?aId=${encodeURIComponent(id)}`);
            }}
          />
        ) : null}
      </Stack>
    </Center>
  );
}

export default function QuotesPage() {
  const { t } = useTranslation('quotes');
  const navigate = useNavigate();
  const { flags, statuses, userName } = useQuoteEnv();
  const collection = useCollection('preventivi');
  const products = useCollection('products');
  const [filters, setFilters] = useState<QuoteFilters>(() => rememberedList(LIST).filters);
  const deferred = useDeferredValue(filters);
  const listRef = useRef<HTMLDivElement>(null);

  const plain = useMemo(() => Object.values(collection).filter((q) => !q.type) as HostItem[], [collection]);
  const rows = useMemo(
    () => filterQuotes(plain, deferred, { extraText: (q) => userName(q.aId) }),
    [plain, deferred, userName],
  );

  const onFilters = useCallback((next: QuoteFilters) => {
    setFilters(next);
    rememberList(LIST, { filters: next });
  }, []);

  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    // the rows start below the title and toolbar (their height may change with the filters)
    const top = listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin,
    initialOffset: () => rememberedList(LIST).scroll,
  });
  // coming back: the same place at once (the shell's scroll memory agrees 400 ms later)
  useLayoutEffect(() => {
    const scroll = rememberedList(LIST).scroll;
    if (scroll) window.scrollTo({ top: scroll });
    const onScroll = () => rememberList(LIST, { scroll: window.scrollY });
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const open = (quote: HostItem) => void navigate(`/preventivi/${quote._id}`);

  return (
    <Stack gap="md" className="quotes-page" data-testid="quotes-page">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed" size="sm" data-testid="quotes-count">
          {t('count', { count: rows.length })}
        </Text>
      </Group>
      <QuoteToolbar quotes={plain} value={filters} onChange={onFilters} />
      <Paper className="quote-table" role="table" aria-rowcount={rows.length}>
        <div className="quote-grid quote-head" role="row">
          <span role="columnheader">{t('columns.customer')}</span>
          <span role="columnheader">{t('columns.product')}</span>
          <span role="columnheader">{t('columns.status')}</span>
          <span role="columnheader">{t('columns.date')}</span>
          <span role="columnheader">{t('columns.collaborator')}</span>
        </div>
        <div ref={listRef} role="rowgroup">
        {rows.length ? (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const quote = rows[item.index]!;
              const name = customerName(quote);
              const productName = String(products[String(quote.pId)]?.name ?? '');
              return (
                <div
                  key={quote._id}
                  role="row"
                  tabIndex={0}
                  aria-rowindex={item.index + 1}
                  data-testid="quote-row"
                  data-id={quote._id}
                  className={`quote-grid quote-row ${isHighlighted(quote, flags, statuses) ? 'is-highlighted' : ''}`}
                  style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
                  onClick={() => open(quote)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') open(quote);
                  }}
                >
                  <div className="quote-cell" role="cell">
                    <Text className="quote-customer" size="sm" truncate="end">
                      {name || '—'}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end">
                      {plate(quote) || quote._id}
                    </Text>
                  </div>
                  <Text className="quote-cell" role="cell" size="sm">
                    {productName || '—'}
                  </Text>
                  <div className="quote-cell" role="cell">
                    <StatusBadge status={quote.status as string | null} />
                  </div>
                  <Text className="quote-cell" role="cell" size="sm">
                    {romeDateTime(quote.at)}
                  </Text>
                  <Text className="quote-cell" role="cell" size="sm">
                    {userName(quote.aId) || '—'}
                  </Text>
                </div>
              );
            })}
          </div>
        ) : (
          <Empty filters={deferred} />
        )}
        </div>
      </Paper>
    </Stack>
  );
}
