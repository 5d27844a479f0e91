/**
 * `/targhe`: the plates register, live from the line's synced stream and virtualised (20,000
 * plates scroll smoothly); a search by plate, owner or fiscal code filters the synced rows as the
 * user types. Agents (for themselves), admins and responsabili (for a collaborator) add, edit,
 * retire and import plates; everyone else who sees the register reads it. `?q=` opens it
 * searched (a quote's panel links a plate that way when it is not among the user's).
 */
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileImport, IconPlus, IconSearch } from '@tabler/icons-react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useHost } from '@sportello/host-api';
import { draftOf, emptyDraft, type PlateDraft } from '../lib/draft';
import { romeToday } from '../lib/expiry';
import { searchPlates, type Plate } from '../lib/records';
import { NAMESPACE, paths } from '../paths';
import PlateEditor from '../editor/PlateEditor';
import RetireDialog from '../editor/RetireDialog';
import ImportDialog from '../import/ImportDialog';
import { canWritePlates } from '../editor/who';
import PlateRows from './PlateRows';
import { usePlates } from './usePlates';
import '@sportello/host-api/rows.css';
import '@sportello/host-api/line.css';
import '../plates.css';

function ColumnHeads() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="sp-grid sp-head" role="row" aria-rowindex={1}>
      <span role="columnheader">{t('columns.targa')}</span>
      <span role="columnheader">{t('columns.tipo')}</span>
      <span role="columnheader">{t('columns.proprietario')}</span>
      <span role="columnheader">{t('columns.veicolo')}</span>
      <span role="columnheader">{t('columns.immatricolazione')}</span>
      <span role="columnheader">{t('columns.polizza')}</span>
      <span role="columnheader">{t('columns.scadenza')}</span>
      <span role="columnheader" style={{ textAlign: 'right' }}>
        {t('columns.azioni')}
      </span>
    </div>
  );
}

export default function PlatesPage() {
  const { t } = useTranslation(NAMESPACE);
  const host = useHost();
  const navigate = useNavigate();
  const register = usePlates();
  const [params] = useSearchParams();
  // a link may open the register searched (`?q=`: the plate of a quote)
  const [query, setQuery] = useState(() => (params.get('q') ?? '').slice(0, 100));
  const shownQuery = useDeferredValue(query);
  const [editing, setEditing] = useState<PlateDraft | null>(null);
  const [retiring, setRetiring] = useState<Plate | null>(null);
  const [importing, setImporting] = useState(false);
  const canWrite = canWritePlates(host.flags);
  const today = romeToday();

  const rows = useMemo(() => (register.rows ? searchPlates(register.rows, shownQuery) : []), [register.rows, shownQuery]);
  const open = useCallback((plate: Plate) => void navigate(paths.detail(plate._id)), [navigate]);
  const edit = useCallback((plate: Plate) => setEditing(draftOf(plate)), []);
  const total = register.rows?.length ?? 0;

  return (
    <Stack gap="md" className="sp-page" data-testid="plates-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>{t('list.title')}</Title>
          <Text c="dimmed" size="sm" data-testid="plates-count">
            {register.rows === null
              ? t('list.loading')
              : shownQuery.trim()
                ? t('list.shown', { shown: rows.length, count: total })
                : t('list.count', { count: total })}
          </Text>
        </div>
        {canWrite ? (
          <Group gap="sm">
            <Button variant="default" leftSection={<IconFileImport size={18} />} onClick={() => setImporting(true)} data-testid="plates-import">
              {t('list.import')}
            </Button>
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(emptyDraft())} data-testid="plate-add">
              {t('list.add')}
            </Button>
          </Group>
        ) : null}
      </Group>
      <TextInput
        className="rca-search"
        type="search"
        aria-label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        data-testid="plates-search"
      />
      <Paper className="sp-table rca-table" role="table" aria-label={t('list.title')} aria-rowcount={rows.length + 1}>
        <ColumnHeads />
        {rows.length ? (
          <PlateRows rows={rows} today={today} canWrite={canWrite} onOpen={open} onEdit={edit} onRetire={setRetiring} />
        ) : (
          <div role="rowgroup">
            <div role="row">
              <Text role="cell" c="dimmed" ta="center" py={48} data-testid="plates-empty">
                {register.rows === null ? t('list.loading') : shownQuery.trim() ? t('list.noMatch') : t('list.empty')}
              </Text>
            </div>
          </div>
        )}
      </Paper>
      {editing ? <PlateEditor initial={editing} onClose={() => setEditing(null)} /> : null}
      {retiring ? <RetireDialog plate={retiring} onClose={() => setRetiring(null)} /> : null}
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
    </Stack>
  );
}
