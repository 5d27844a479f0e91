/**
 * `/noleggio-auto` (SPEC §2 'Quote list for car rental'): the rental quotes of the live
 * `preventivi` collection through the shell's toolbar, filters, sort and highlight; a row opens
 * its practice. Filters and scroll survive navigation (the host API's list memory).
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useHost, useQuoteList, type HostItem } from '@sportello/host-api';
import { PRODUCT_ID } from '../lib/rentalQuote';
import { paths } from '../paths';
import EmptyRentals from './EmptyRentals';
import NewRentalAction from './NewRentalAction';
import RentalRows, { LIST } from './RentalRows';
import '@sportello/host-api/rows.css';
import '@sportello/host-api/line.css';
import '../rental.css';

function ColumnHeads() {
  const { t } = useTranslation('noleggio_auto');
  return (
    <div className="sp-grid sp-head" role="row">
      <span role="columnheader">{t('columns.cliente')}</span>
      <span role="columnheader">{t('columns.auto')}</span>
      <span role="columnheader" className="sp-amount">
        {t('columns.canone')}
      </span>
      <span role="columnheader">{t('columns.data')}</span>
      <span role="columnheader">{t('columns.collaboratore')}</span>
    </div>
  );
}

export default function RentalQuotesPage() {
  const { t } = useTranslation('noleggio_auto');
  const host = useHost();
  const navigate = useNavigate();
  const { quotes, rows, filters, shownFilters, setFilters } = useQuoteList(PRODUCT_ID, LIST);
  const { QuoteToolbar } = host.ui;
  const open = useCallback((quote: HostItem) => void navigate(paths.practice(quote._id)), [navigate]);

  return (
    <Stack gap="md" className="sp-page" data-testid="rental-quotes">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>{t('list.title')}</Title>
          <Text c="dimmed" size="sm" data-testid="rental-count">
            {t('list.count', { count: rows.length })}
          </Text>
        </div>
        <Group gap="sm" align="flex-end">
          {host.flags.canEdit ? (
            <Button
              component={Link}
              to={paths.catalogue}
              variant="default"
              leftSection={<IconCar size={18} />}
              data-testid="catalogue-link"
            >
              {t('list.catalogue')}
            </Button>
          ) : null}
          {rows.length ? <NewRentalAction variant="header" /> : null}
        </Group>
      </Group>
      <QuoteToolbar quotes={quotes} value={filters} onChange={setFilters} />
      <Paper className="sp-table na-table" role="table" aria-rowcount={rows.length}>
        <ColumnHeads />
        {rows.length ? (
          <RentalRows rows={rows} onOpen={open} />
        ) : (
          <div role="rowgroup">
            <div role="row">
              <div role="cell">
                <EmptyRentals filters={shownFilters} />
              </div>
            </div>
          </div>
        )}
      </Paper>
    </Stack>
  );
}
