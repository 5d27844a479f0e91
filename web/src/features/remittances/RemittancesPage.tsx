/**
 * `/rimesse` (admins): per company and month, the premiums collected, the commissions retained
 * and the amount to remit; "Emetti rimessa" freezes them; each remittance has its statement
 * (PDF, XLSX), its payment (an outgoing payment of the cash sheet) and the reconciliation of the
 * company's statement. It follows the `rimesse` stream and the policies', so every open screen stays current.
 */
import { Button, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../session/useAccess';
import { NotFound } from '../errors/NotFoundPage';
import MoneyFigure from '../money/MoneyFigure';
import { monthBounds, monthChoices, toCents } from '../money/money';
import { useLiveLoad } from '../money/useLiveLoad';
import { romeToday } from '../policies/policyLogic';
import { errorText, notify } from '../quotes/env';
import { fetchFigures, fetchReconciliation, fetchRemittances, issueRemittance } from './api';
import CollectedRows from './components/CollectedRows';
import ReconciliationPanel from './components/ReconciliationPanel';
import RemittanceList from './components/RemittanceList';
import { isReconciliation, previousMonth } from './remittanceLogic';

export default function RemittancesPage() {
  const { t, i18n } = useTranslation('remittances');
  const { flags } = useAccess();
  const [company, setCompany] = useState('');
  const [month, setMonth] = useState(() => previousMonth(romeToday()));
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const months = useMemo(() => monthChoices(romeToday().slice(0, 7), 36, i18n.language), [i18n.language]);
  const [from, to] = useMemo(() => monthBounds(month), [month]);
  const loadFigures = useCallback(() => fetchFigures(company, from, to), [company, from, to]);
  const loadList = useCallback(() => fetchRemittances(company), [company]);
  const loadReconciliation = useCallback(() => fetchReconciliation(selected ?? ''), [selected]);
  const figures = useLiveLoad(flags.admin ? loadFigures : null, 'rimesse');
  const list = useLiveLoad(flags.admin ? loadList : null, 'rimesse');
  const reconciliation = useLiveLoad(flags.admin && selected ? loadReconciliation : null, 'rimesse');

  if (!flags.admin) return <NotFound />;
  const totals = figures.data?.totals ?? null;
  const chosen = list.data?.find((r) => r._id === selected) ?? null;
  const issue = async () => {
    setBusy(true);
    try {
      const issued = await issueRemittance(company, from, to);
      notify.success(t('issue.done'));
      setSelected(issued._id);
      list.reload();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  const changed = () => {
    list.reload();
    reconciliation.reload();
  };
  return (
    <Stack gap="md" className="page" maw={1200} data-testid="remittances-page">
      <Group justify="space-between" align="end">
        <Title order={2}>{t('title')}</Title>
        <Group align="end">
          <Select
            label={t('company')}
            placeholder={t('companyPlaceholder')}
            data={figures.data?.companies ?? []}
            value={company || null}
            onChange={(next) => setCompany(next ?? '')}
            searchable
            w={240}
            data-testid="remit-company"
          />
          <Select label={t('month')} data={months} value={month} onChange={(next) => next && setMonth(next)} allowDeselect={false} w={200} data-testid="remit-month" />
          <Button onClick={() => void issue()} loading={busy} disabled={!company || !totals?.rows} data-testid="remit-issue">{t('issue.button')}</Button>
        </Group>
      </Group>
      {figures.error ? <Text c="red">{figures.error}</Text> : null}
      {totals ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <MoneyFigure label={t('totals.gross')} cents={toCents(totals.gross)} testId="remit-gross" />
          <MoneyFigure label={t('totals.commission')} cents={toCents(totals.commission)} testId="remit-commission" />
          <MoneyFigure label={t('totals.amount')} cents={toCents(totals.amount)} testId="remit-amount" />
        </SimpleGrid>
      ) : (
        <Text c="dimmed">{t('pickCompany')}</Text>
      )}
      {figures.data?.company ? <CollectedRows figures={figures.data} /> : null}
      <Title order={3}>{t('list.title')}</Title>
      {list.error ? <Text c="red">{list.error}</Text> : null}
      <RemittanceList remittances={list.data ?? []} selected={selected} onSelect={setSelected} onChanged={changed} />
      {chosen ? (
        <ReconciliationPanel
          remittance={chosen}
          reconciliation={isReconciliation(reconciliation.data) ? reconciliation.data : null}
          onChanged={changed}
        />
      ) : null}
    </Stack>
  );
}
