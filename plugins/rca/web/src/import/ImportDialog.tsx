/**
 * A dealer's plates from a CSV file (`rca.targhe.importa`): the file (≤ 1 MB) is checked first
 * with a dry run, which lists each refused row ('Riga 3 — AB12 — …'); 'Importa' is enabled only
 * by a clean dry run, and the server imports nothing from a file with any error either.
 */
import { Alert, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, useHost } from '@sportello/host-api';
import { asImportAnswer, canImport, CSV_HEADER, errorLine, fileProblem, importErrorsOfRefusal, type ImportAnswer } from '../lib/csvImport';
import { CALLS, NAMESPACE } from '../paths';

interface Picked {
  name: string;
  csv: string;
}

export default function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const host = useHost();
  const inputId = useId();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [dryRun, setDryRun] = useState<ImportAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);

  const check = async (file: File) => {
    setPicked(null);
    setDryRun(null);
    setProblem(null);
    const tooBig = fileProblem(file);
    if (tooBig) {
      setProblem(t(tooBig));
      return;
    }
    setBusy('checking');
    try {
      let csv: string;
      try {
        csv = await file.text();
      } catch {
        setProblem(t('errors.fileRead'));
        return;
      }
      setPicked({ name: file.name, csv });
      setDryRun(asImportAnswer(await host.call(CALLS.import, { csv, dryRun: true })));
    } catch (error) {
      const rows = importErrorsOfRefusal(error);
      if (rows.length) setDryRun({ righe: 0, errori: rows, importate: 0 });
      setProblem(t('import.error', { message: errorMessage(error) }));
    } finally {
      setBusy(null);
    }
  };

  const run = async () => {
    if (!picked || !canImport(dryRun)) return;
    setBusy('importing');
    setProblem(null);
    try {
      const answer = asImportAnswer(await host.call(CALLS.import, { csv: picked.csv, dryRun: false }));
      // the stream brings the imported plates to every open list
      host.notify.success(t('import.done', { count: answer.importate }));
      onClose();
    } catch (error) {
      const rows = importErrorsOfRefusal(error);
      if (rows.length && dryRun) setDryRun({ ...dryRun, errori: rows });
      setProblem(t('import.error', { message: errorMessage(error) }));
      setBusy(null);
    }
  };

  const errors = dryRun?.errori ?? [];
  return (
    <Modal opened onClose={onClose} size="xl" radius="lg" title={<Text fw={700}>{t('import.title')}</Text>}>
      <Stack gap="md" data-testid="plates-import-dialog">
        <div>
          <Text size="sm">{t('import.intro')}</Text>
          <Text size="sm" ff="monospace" fw={600} data-testid="plates-import-header">
            {CSV_HEADER}
          </Text>
          <Text size="sm">{t('import.dates')}</Text>
        </div>
        <Text size="sm" c="dimmed">
          {t('import.rule')}
        </Text>
        <Group gap="sm">
          <input
            id={inputId}
            className="rca-file-input"
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = ''; // the same file, fixed, may be picked again
              if (file) void check(file);
            }}
            disabled={busy !== null}
            data-testid="plates-import-file"
          />
          <Button component="label" htmlFor={inputId} variant="default" leftSection={<IconFileUpload size={18} />} disabled={busy !== null}>
            {t('import.pick')}
          </Button>
          {picked ? (
            <Text size="sm" c="dimmed" data-testid="plates-import-name">
              {t('import.file', { name: picked.name })}
            </Text>
          ) : null}
        </Group>
        {busy === 'checking' ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('import.checking')}</Text>
          </Group>
        ) : null}
        {problem ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid="plates-import-problem">
            {problem}
          </Alert>
        ) : null}
        {dryRun && !busy ? (
          <Stack gap="xs" data-testid="plates-import-result">
            {dryRun.righe ? <Text size="sm">{t('import.rows', { count: dryRun.righe })}</Text> : null}
            {errors.length ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle />}>
                {t('import.errors', { count: errors.length })}
              </Alert>
            ) : dryRun.righe ? (
              <Alert color="green" variant="light" icon={<IconCircleCheck />} data-testid="plates-import-clean">
                {t('import.clean')}
              </Alert>
            ) : (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle />}>
                {t('import.empty')}
              </Alert>
            )}
          </Stack>
        ) : null}
        {errors.length ? (
          <div className="rca-errors">
            <Table striped verticalSpacing="xs" data-testid="plates-import-errors">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('import.errorsHead')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {errors.map((row) => (
                  <Table.Tr key={`${row.riga}-${row.targa}-${row.messaggio}`} data-testid="plates-import-error" data-row={row.riga}>
                    <Table.Td>{errorLine(row, t)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy === 'importing'}>
            {t('actions.cancel')}
          </Button>
          <Button
            leftSection={<IconUpload size={18} />}
            disabled={!canImport(dryRun) || busy === 'checking'}
            loading={busy === 'importing'}
            onClick={() => void run()}
            data-testid="plates-import-submit"
          >
            {t('import.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
