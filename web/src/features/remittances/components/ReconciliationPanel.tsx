/**
 * The company statement against a remittance: upload a CSV or XLSX, then every policy and
 * instalment with its result, differences first; a person marks each difference resolved with a note.
 */
import { Badge, Button, FileButton, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
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
            <div style={{ overflowX: 'auto' }} tabIndex={0}>
              <Table miw={900} verticalSpacing="xs" data-testid="remit-lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('reconcile.policy')}</Table.Th>
                    <Table.Th>{t('reconcile.instalment')}</Table.Th>
                    <Table.Th>{t('reconcile.result')}</Table.Th>
                    <Table.Th ta="right">{t('reconcile.ours')}</Table.Th>
                    <Table.Th ta="right">{t('reconcile.theirs')}</Table.Th>
                    <Table.Th>{t('reconcile.statementLine')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {differencesFirst(reconciliation.items).map((line) => (
                    <Table.Tr key={line._id} data-testid="remit-line" data-result={line.result}>
                      <Table.Td data-testid="remit-line-number">{line.number}</Table.Td>
                      <Table.Td>{line.instalment}</Table.Td>
                      <Table.Td><Badge color={RESULT_COLORS[line.result]} variant="light">{t(`results.${line.result}`)}</Badge></Table.Td>
                      <Table.Td ta="right" data-testid="remit-line-ours">{money(line.ourGross)}</Table.Td>
                      <Table.Td ta="right" data-testid="remit-line-theirs">{money(line.theirGross)}</Table.Td>
                      <Table.Td>{line.lines || '—'}</Table.Td>
                      <Table.Td><ResolveAction line={line} onDone={onChanged} /></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
            {reconciliation.truncated ? <Text size="sm" c="dimmed">{t('reconcile.truncated')}</Text> : null}
          </>
        ) : (
          <Text size="sm" c="dimmed">{t('reconcile.none')}</Text>
        )}
      </Stack>
    </Paper>
  );
}
