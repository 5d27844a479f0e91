/**
 * `/saldo-collaboratore/{id}`: a collaborator's balance ledger over a month (default the current
 * one, SPEC §9): the withholding on its base, opening balance, movements linking to their
 * policy, closing balance, the month's PDF statement; admins post payouts, advances and
 * adjustments. Without an id, a collaborator's own balance, or for admins every collaborator's
 * (:file:`BalancesOverview`). It follows the policies stream, so a collected instalment moves
 * it without a reload.
 */
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { AmountInput, ListTable, PlainSelect, type ListColumn } from '@sportello/host-api';
import type { TFunction } from 'i18next';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSession } from '../../session/context';
import { useAccess } from '../../session/useAccess';
import { NotFound } from '../errors/NotFoundPage';
import { romeToday } from '../policies/policyLogic';
import { errorText, notify } from '../quotes/env';
import { fetchLedger, postEntry, statementUrl, type ManualKind } from './api';
import MoneyFigure from './MoneyFigure';
import { euros, ledgerSummary, monthBounds, monthChoices, romeDate, toCents, type LedgerEntry } from './money';
import { useLiveLoad } from './useLiveLoad';
import BalancesOverview from './BalancesOverview';
import TaxProfileView, { useTaxProfile } from './TaxProfileView';

const KINDS: ManualKind[] = ['pagamento', 'anticipo', 'rettifica'];

function EntryForm({ userId, onPosted }: { userId: string; onPosted: () => void }) {
  const { t } = useTranslation('money');
  const [kind, setKind] = useState<ManualKind>('pagamento');
  const [sign, setSign] = useState<'+' | '-'>('+');
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const requestId = useRef(crypto.randomUUID());
  const submit = async () => {
    if (!amount) return;
    setBusy(true);
    try {
      const signed = kind === 'rettifica' && sign === '-' ? -amount : amount;
      await postEntry(userId, { kind, amount: signed, reason, requestId: requestId.current });
      requestId.current = crypto.randomUUID();
      setAmount(null);
      setReason('');
      notify.success(t('entry.saved'));
      onPosted();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="lg" p="md" data-testid="balance-entry-form">
      <Stack gap="sm">
        <Text fw={600}>{t('entry.title')}</Text>
        <Group align="end" wrap="wrap">
          <PlainSelect label={t('entry.kind')} value={kind} onChange={(v) => setKind(v as ManualKind)}
            data={KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} w={180} />
          {kind === 'rettifica' ? (
            <PlainSelect label={t('entry.sign')} value={sign} onChange={(v) => setSign(v as '+' | '-')} w={150}
              data={[{ value: '+', label: t('entry.credit') }, { value: '-', label: t('entry.debit') }]} />
          ) : null}
          <AmountInput label={t('entry.amount')} value={amount} onChange={setAmount} required data-testid="entry-amount" />
          <TextInput label={t('entry.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500} required style={{ flex: 1, minWidth: 220 }} data-testid="entry-reason" />
          <Button onClick={submit} loading={busy} disabled={!amount || reason.trim().length < 3}>
            {t('entry.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The ledger's columns: on a phone a card per entry, its description at the head. */
function entryColumns(t: TFunction<'money'>): ListColumn<LedgerEntry>[] {
  const right = { th: { ta: 'right' }, td: { ta: 'right' } } as const;
  return [
    { key: 'date', header: t('columns.date'), cell: (entry) => romeDate(entry.at) },
    {
      key: 'kind',
      header: t('columns.kind'),
      cell: (entry) => (
        <Badge variant="light" color={toCents(entry.amount) < 0 ? 'red' : 'teal'}>
          {t(`kinds.${entry.kind}`)}
        </Badge>
      ),
    },
    {
      key: 'description',
      header: t('columns.description'),
      card: 'title',
      cell: (entry) =>
        entry.policyId ? (
          <Anchor component={Link} to={`/polizza/${entry.policyId}`} size="sm">
            {entry.description}
          </Anchor>
        ) : (
          entry.description
        ),
    },
    { key: 'gross', header: t('columns.gross'), ...right, cell: (entry) => euros(toCents(entry.gross)) },
    { key: 'withholding', header: t('columns.withholding'), ...right, cell: (entry) => euros(toCents(entry.withholding)) },
    { key: 'amount', header: t('columns.amount'), ...right, cell: (entry) => <Text span inherit fw={600}>{euros(toCents(entry.amount))}</Text> },
  ];
}

export default function BalancePage() {
  const { id } = useParams();
  const { flags } = useAccess();
  if (!id && flags.admin) return <BalancesOverview />;
  return <Ledger id={id} />;
}

function Ledger({ id }: { id: string | undefined }) {
  const { t } = useTranslation('money');
  const { user } = useSession();
  const { flags } = useAccess();
  const userId = id ?? user?._id ?? '';
  const [month, setMonth] = useState(() => romeToday().slice(0, 7));
  const { i18n } = useTranslation();
  const months = useMemo(() => monthChoices(romeToday().slice(0, 7), 60, i18n.language), [i18n.language]);
  const [from, to] = useMemo(() => monthBounds(month), [month]);
  const allowed = flags.admin || flags.agent || flags.referrer;
  const load = useCallback(() => fetchLedger(userId, from, to), [userId, from, to]);
  const { data: ledger, error, reload } = useLiveLoad(userId && allowed ? load : null, 'saldo');
  const { profile } = useTaxProfile(allowed ? userId : '', ledger?.user);

  if (!allowed) return <NotFound />;
  const columns = entryColumns(t);
  const summary = !ledger
    ? null
    : ledger.truncated
      ? { opening: toCents(ledger.opening), credits: toCents(ledger.credits), debits: toCents(ledger.debits), closing: toCents(ledger.closing) }
      : ledgerSummary(ledger.opening, ledger.entries);
  return (
    <Stack gap="md" className="page" maw={1100} data-testid="balance-page">
      <Group justify="space-between" align="end">
        <div>
          <Title order={2}>{t('balance.title')}</Title>
          {ledger ? <Text c="dimmed" data-testid="balance-withholding">{ledger.user.name} · {ledger.user.withholding}</Text> : null}
        </div>
        <Group align="end">
          <PlainSelect label={t('balance.month')} value={month} data={months} data-testid="balance-month"
            onChange={(next) => next && setMonth(next)} />
          <Button component="a" href={statementUrl(userId, month)} download variant="light" data-testid="statement-pdf">
            {t('balance.statement')}
          </Button>
        </Group>
      </Group>
      {error ? <Text c="red">{error}</Text> : null}
      {summary ? (
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <MoneyFigure label={t('balance.opening')} cents={summary.opening} testId="balance-opening" />
          <MoneyFigure label={t('balance.credits')} cents={summary.credits} testId="balance-credits" />
          <MoneyFigure label={t('balance.debits')} cents={summary.debits} testId="balance-debits" />
          <MoneyFigure label={t('balance.closing')} cents={summary.closing} testId="balance-closing" />
        </SimpleGrid>
      ) : null}
      {ledger?.truncated ? <Text c="orange" data-testid="balance-truncated">{t('balance.truncated', { count: ledger.entries.length })}</Text> : null}
      {profile ? <TaxProfileView profile={profile} /> : null}
      {flags.admin && ledger ? <EntryForm userId={userId} onPosted={reload} /> : null}
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <ListTable
          rows={ledger?.entries ?? []}
          columns={columns}
          rowKey={(entry) => entry._id}
          rowProps={() => ({ 'data-testid': 'balance-entry' })}
          minWidth={760}
          label={t('balance.title')}
          table={{ verticalSpacing: 'sm', horizontalSpacing: 'md' }}
          testId="balance-entries"
        />
        {ledger && ledger.entries.length === 0 ? <Text c="dimmed" ta="center" py="lg">{t('balance.empty')}</Text> : null}
      </Paper>
    </Stack>
  );
}
