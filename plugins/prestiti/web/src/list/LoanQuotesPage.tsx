/**
 * `/prestiti` (SPEC §2 'Quote list for loans'): the loan quotes of the live `preventivi`
 * collection through the shell's toolbar, filters, sort and highlight; a row opens its practice.
 * Filters and scroll survive navigation (the host API's list memory).
 */
import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCash, IconScale } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NewQuoteAction, useHost, useQuoteList, type HostItem, type QuoteFilters } from '@sportello/host-api';
import { PRODUCT_ID } from '../lib/loanQuote';
import { paths } from '../paths';
import LoanRows, { LIST } from './LoanRows';
import '@sportello/host-api/rows.css';
import '@sportello/host-api/line.css';
import '../loans.css';

const COLUMNS = ['cliente', 'stato', 'prodotto', 'importoRichiesto', 'rata', 'data', 'collaboratore'] as const;
const AMOUNTS = new Set<string>(['importoRichiesto', 'rata']);

function ColumnHeads() {
  const { t } = useTranslation('prestiti');
  return (
    <div className="sp-grid sp-head" role="row">
      {COLUMNS.map((column) => (
        <span key={column} role="columnheader" className={AMOUNTS.has(column) ? 'sp-amount' : undefined}>
          {t(`columns.${column}`)}
        </span>
      ))}
    </div>
  );
}

function EmptyLoans({ filters }: { filters: QuoteFilters }) {
  const { t } = useTranslation('prestiti');
  return (
    <Center py={56} data-testid="loan-empty">
      <Stack align="center" gap="sm" maw={440}>
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconCash size={30} />
        </ThemeIcon>
        <Title order={4}>{t('list.emptyTitle')}</Title>
        <Text c="dimmed" ta="center" size="sm">
          {filters.tab === 'emissioni' ? t('list.emptyEmissions') : t('list.emptyText')}
        </Text>
      </Stack>
    </Center>
  );
}

export default function LoanQuotesPage() {
  const { t } = useTranslation('prestiti');
  const host = useHost();
  const navigate = useNavigate();
  const { quotes, rows, filters, shownFilters, setFilters } = useQuoteList(PRODUCT_ID, LIST);
  const { QuoteToolbar } = host.ui;
  const open = useCallback((quote: HostItem) => void navigate(paths.practice(quote._id)), [navigate]);

  return (
    <Stack gap="md" className="sp-page" data-testid="loan-quotes">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>{t('list.title')}</Title>
          <Text c="dimmed" size="sm" data-testid="loan-count">
            {t('list.count', { count: rows.length })}
          </Text>
        </div>
        <Group gap="sm" align="flex-end">
          {host.flags.canEdit ? (
            <Button component={Link} to={paths.usury} variant="default" leftSection={<IconScale size={18} />} data-testid="usury-link">
              {t('list.usury')}
            </Button>
          ) : null}
          <NewQuoteAction
            createPath={paths.create}
            label={t('list.create')}
            assignLabel={t('list.assign')}
            testId="loan-new"
            assignTestId="loan-assign"
          />
        </Group>
      </Group>
      <QuoteToolbar quotes={quotes} value={filters} onChange={setFilters} />
      <Paper className="sp-table lo-table" role="table" aria-rowcount={rows.length}>
        <ColumnHeads />
        {rows.length ? (
          <LoanRows rows={rows} onOpen={open} />
        ) : (
          <div role="rowgroup">
            <div role="row">
              <div role="cell">
                <EmptyLoans filters={shownFilters} />
              </div>
            </div>
          </div>
        )}
      </Paper>
    </Stack>
  );
}
