/**
 * The company statement against a remittance: upload a CSV or XLSX, then every policy and
 * instalment with its result, differences first; a person marks each difference resolved with a note.
 */
import { Badge, Button, FileButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { ListTable, type ListColumn } from '@sportello/host-api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { euros, toCents } from '../../money/money';
import { errorText, notify } from '../../quotes/env';
import { resolveLine, uploadStatement, type Reconciliation, type ReconciliationLine, type Remittance } from '../api';
import { differencesFirst, RESULT_COLORS } from '../remittanceLogic';

const money = (value: number | null) => (value === null ? '—' : euros(toCents(value)));

function ResolveAction({ line, onDone }: { line: ReconciliationLine; onDone: () => void }) {
  const { t } = useTranslation('remittances');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  if (line.result === 'ok') return null;
  if (line.resolved) return <Text size="xs" c="dimmed" data-testid="remit-line-note">{t('reconcile.resolved', { note: line.note })}</Text>;
  const save = async () => {
    setBusy(true);
    try {
      await resolveLine(line._id, note);
      notify.success(t('reconcile.resolvedDone'));
      onDone();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <TextInput size="xs" placeholder={t('reconcile.note')} value={note} maxLength={500} onChange={(e) => setNote(e.currentTarget.value)} data-testid="remit-line-note-input" />
      <Button size="compact-xs" loading={busy} disabled={!note.trim()} onClick={() => void save()} data-testid="remit-line-resolve">{t('reconcile.resolve')}</Button>
    </Group>
  );
}

interface Props {
  remittance: Remittance;
  reconciliation: Reconciliation | null;
  onChanged: () => void;
}

export default function ReconciliationPanel({ remittance, reconciliation, onChanged }: Props) {
  const { t } = useTranslation('remittances');
  const [busy, setBusy] = useState(false);
  const right = { th: { ta: 'right' }, td: { ta: 'right' } } as const;
  const columns: ListColumn<ReconciliationLine>[] = [
    { key: 'number', header: t('reconcile.policy'), card: 'title', testId: 'remit-line-number', cell: (line) => line.number },
    { key: 'instalment', header: t('reconcile.instalment'), cell: (line) => line.instalment },
    { key: 'result', header: t('reconcile.result'), cell: (line) => <Badge color={RESULT_COLORS[line.result]} variant="light">{t(`results.${line.result}`)}</Badge> },
    { key: 'ours', header: t('reconcile.ours'), ...right, testId: 'remit-line-ours', cell: (line) => money(line.ourGross) },
    { key: 'theirs', header: t('reconcile.theirs'), ...right, testId: 'remit-line-theirs', cell: (line) => money(line.theirGross) },
    { key: 'statementLine', header: t('reconcile.statementLine'), cell: (line) => line.lines || '—' },
    { key: 'resolve', header: '', card: 'wide', cell: (line) => <ResolveAction line={line} onDone={onChanged} /> },
  ];
  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      await uploadStatement(remittance._id, file);
      notify.success(t('reconcile.uploaded'));
      onChanged();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="lg" p="md" data-testid="remit-reconciliation">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{t('reconcile.title', { company: remittance.company })}</Title>
          <FileButton onChange={(file) => void upload(file)} accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
            {(props) => <Button {...props} loading={busy} data-testid="remit-upload">{t('reconcile.upload')}</Button>}
          </FileButton>
        </Group>
        <Text size="sm" c="dimmed">{t('reconcile.help')}</Text>
        {reconciliation ? (
          <>
            <Group gap="xs">
              <Badge variant="light" color="gray">{t('reconcile.lines', { count: reconciliation.lines })}</Badge>
              <Badge variant="light" color="teal" data-testid="remit-ok">{t('reconcile.ok', { count: reconciliation.ok })}</Badge>
              <Badge variant="light" color="red" data-testid="remit-differences">{t('reconcile.differences', { count: reconciliation.differences })}</Badge>
              <Badge variant="light" color="orange" data-testid="remit-open">{t('reconcile.open', { count: reconciliation.open })}</Badge>
            </Group>
            <ListTable
              rows={differencesFirst(reconciliation.items)}
              columns={columns}
              rowKey={(line) => line._id}
              rowProps={(line) => ({ 'data-testid': 'remit-line', 'data-result': line.result })}
              minWidth={900}
              label={t('reconcile.title', { company: remittance.company })}
              table={{ verticalSpacing: 'xs' }}
              testId="remit-lines"
            />
            {reconciliation.truncated ? <Text size="sm" c="dimmed">{t('reconcile.truncated')}</Text> : null}
          </>
        ) : (
          <Text size="sm" c="dimmed">{t('reconcile.none')}</Text>
        )}
      </Stack>
    </Paper>
  );
}
