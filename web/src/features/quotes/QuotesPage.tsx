/**
 * `/preventivi` (SPEC §2, §4): the plain quotes (no product line) of the live `preventivi`
 * collection, filtered and sorted by ./quoteLogic, virtualised so that 10,000 rows scroll
 * smoothly. Filters and scroll position survive navigation (the host API's list memory). With
 * the tenant's `plateInQuote` setting on, a Targa column shows each quote's plate (SPEC §3);
 * the search finds a quote by its plate, however typed ('AB 123 CD', 'ab-123-cd').
 */
import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { rememberedList, rememberList, VirtualRows, type HostItem, type QuoteFilters, type RowMeasure } from '@sportello/host-api';
import '@sportello/host-api/rows.css';
import CollaboratorSelect from './components/CollaboratorSelect';
import QuoteToolbar from './components/QuoteToolbar';
import StatusBadge from './components/StatusBadge';
import { useCollection, useQuoteEnv } from './env';
import { issuedPolicyOf } from './quotation';
import { romeDateTime } from './fieldText';
import { customerName, DEFAULT_FILTERS, filterSorted, isHighlighted, prepareSearch, quoteColumns, quotePlate, sortQuotes } from './quoteLogic';
import { useSession } from '../../session/context';
import './quotes.css';

const LIST = 'preventivi';
const ROW_HEIGHT = 60;

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
  const withPlate = useSession().settings?.plateInQuote === true;
  const collection = useCollection('preventivi');
  const products = useCollection('products');
  const [filters, setFilters] = useState<QuoteFilters>(() => rememberedList(LIST, DEFAULT_FILTERS).filters);
  const deferred = useDeferredValue(filters);

  const plain = useMemo(() => Object.values(collection).filter((q) => !q.type) as HostItem[], [collection]);
  // sorted when the data changes, filtered when the filters do: typing a search sorts nothing
  const sorted = useMemo(() => sortQuotes(plain), [plain]);
  const rows = useMemo(
    () => filterSorted(sorted, deferred, { extraText: (q) => userName(q.aId) }),
    [sorted, deferred, userName],
  );
  useEffect(() => prepareSearch(sorted), [sorted]);

  const onFilters = useCallback((next: QuoteFilters) => {
    setFilters(next);
    rememberList(LIST, DEFAULT_FILTERS, { filters: next });
  }, []);

  const open = (quote: HostItem) => void navigate(`/preventivi/${quote._id}`);

  const row = (quote: HostItem, index: number, offset: number, measure: RowMeasure) => {
    const name = customerName(quote);
    const productName = String(products[String(quote.pId)]?.name ?? '');
    return (
      <div
        key={quote._id}
        {...measure}
        role="row"
        tabIndex={0}
        aria-rowindex={index + 1}
        data-testid="quote-row"
        data-id={quote._id}
        className={`sp-grid sp-row ${isHighlighted(quote, flags, statuses) ? 'is-highlighted' : ''}`}
        style={{ transform: `translateY(${offset}px)` }}
        onClick={() => open(quote)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') open(quote);
        }}
      >
        <div className="sp-cell" role="cell">
          <Text className="quote-customer sp-strong" size="sm" truncate="end">
            {name || '—'}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {quote._id}
          </Text>
        </div>
        {withPlate ? (
          <Text className="sp-cell quote-plate" role="cell" size="sm" data-testid="quote-plate">
            {quotePlate(quote) || '—'}
          </Text>
        ) : null}
        <Text className="sp-cell" role="cell" size="sm">
          {productName || '—'}
        </Text>
        <div className="sp-cell" role="cell">
          <StatusBadge status={quote.status as string | null} policy={issuedPolicyOf(quote)} />
        </div>
        <Text className="sp-cell" role="cell" size="sm">
          {romeDateTime(quote.at)}
        </Text>
        <Text className="sp-cell" role="cell" size="sm">
          {userName(quote.aId) || '—'}
        </Text>
      </div>
    );
  };

  return (
    <Stack gap="md" className="quotes-page" data-testid="quotes-page">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed" size="sm" data-testid="quotes-count">
          {t('count', { count: rows.length })}
        </Text>
      </Group>
      <QuoteToolbar quotes={plain} value={filters} onChange={onFilters} />
      <Paper className={`sp-table quote-table${withPlate ? ' with-plate' : ''}`} role="table" aria-rowcount={rows.length}>
        <div className="sp-grid sp-head" role="row">
          {quoteColumns(withPlate).map((column) => (
            <span key={column} role="columnheader">
              {t(`columns.${column}`)}
            </span>
          ))}
        </div>
        {rows.length ? (
          <VirtualRows rows={rows} listKey={LIST} rowHeight={ROW_HEIGHT} renderRow={row} />
        ) : (
          <div role="rowgroup">
            <div role="row">
              <div role="cell">
                <Empty filters={deferred} />
              </div>
            </div>
          </div>
        )}
      </Paper>
    </Stack>
  );
}
