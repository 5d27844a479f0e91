/**
 * `/importa`: a broker's portfolio from a company portal or another system. Upload a CSV or
 * XLSX, name its source (its saved column mapping comes back), map the columns (guessed from the
 * headers), run the dry run and read every bad row with its reason, then import with a progress
 * bar (moved by the progress the server pushes) and download the report; the whole portfolio
 * exports as XLSX or CSV.
 */
import { Alert, Anchor, Autocomplete, Badge, Button, FileButton, Group, Paper, Progress, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices, useSession } from '../../session/context';
import { errorText, notify } from '../quotes/env';
import { exportUrl, fetchFields, fetchJob, finished, readHeaders, reportUrl, startImport, type Field, type Headers, type Job, type Source } from './api';

/** The status is asked again after this long when no progress was pushed (the socket away). */
const FALLBACK_MS = 5000;
const COUNT_KEYS = ['righe', 'scartate', 'clientiNuovi', 'clientiAggiornati', 'clientiInvariati', 'polizzeNuove', 'polizzeAggiornate', 'polizzeInvariate'];

export default function PortfolioImportPage() {
  const { t } = useTranslation('portfolioImport');
  const [fields, setFields] = useState<Field[]>([]);
  const [sources, setSources] = useState<Source[]>([]);
  const [source, setSource] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<Headers | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [job, setJob] = useState<Job | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<number | null>(null);
  const following = useRef<string | null>(null);
  const asked = useRef(0);
  const shown = useRef(0);
  const { session } = useServices();
  const userId = useSession().user?._id;

  const loadFields = useCallback(() => {
    fetchFields()
      .then((found) => {
        setFields(found.fields);
        setSources(found.sources);
      })
      .catch((error) => notify.error(errorText(error)));
  }, []);
  useEffect(loadFields, [loadFields]);
  useEffect(() => () => {
    following.current = null;
    if (timer.current !== null) window.clearTimeout(timer.current);
  }, []);

  const read = async (chosen: File | null, name: string) => {
    if (!chosen) return;
    setFile(chosen);
    setJob(null);
    try {
      const found = await readHeaders(chosen, name);
      setHeaders(found);
      setMapping(found.mapping);
    } catch (error) {
      setHeaders(null);
      notify.error(errorText(error));
    }
  };

  /** Read the job's status: at each progress the server pushes, else every FALLBACK_MS. */
  const refresh = useCallback(
    (id: string) => {
      if (timer.current !== null) window.clearTimeout(timer.current);
      const request = ++asked.current;
      fetchJob(id)
        .then((next) => {
          if (following.current !== id || request < shown.current) return; // a later answer is shown
          shown.current = request;
          setJob(next);
          if (finished(next)) {
            following.current = null;
            setBusy(false);
            if (!next.dryRun) loadFields();
          } else timer.current = window.setTimeout(() => refresh(id), FALLBACK_MS);
        })
        .catch((error) => {
          if (following.current !== id) return;
          following.current = null;
          setBusy(false);
          notify.error(errorText(error));
        });
    },
    [loadFields],
  );

  useEffect(
    () =>
      userId
        ? session.watch(`priv/${userId}`, (event) => {
            const progress = (event as { importProgress?: { jobId?: unknown } }).importProgress;
            if (typeof progress?.jobId === 'string' && progress.jobId === following.current) refresh(progress.jobId);
          })
        : undefined,
    [session, userId, refresh],
  );

  const follow = (id: string) => {
    following.current = id;
    refresh(id);
  };

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    try {
      const started = await startImport(file, source.trim(), mapping, dryRun);
      setJob(started);
      follow(started._id);
    } catch (error) {
      setBusy(false);
      notify.error(errorText(error));
    }
  };

  const pickSource = (name: string) => {
    setSource(name);
    const saved = sources.find((s) => s.name === name);
    if (saved && headers) {
      const kept = Object.fromEntries(Object.entries(saved.mapping).filter(([, h]) => headers.header.includes(h)));
      if (Object.keys(kept).length) setMapping(kept);
    }
  };

  const missing = fields.filter((f) => f.required && !mapping[f.key]);
  const options = (headers?.header ?? []).filter(Boolean).map((h) => ({ value: h, label: h }));
  const ready = Boolean(file && headers && source.trim() && missing.length === 0);

  return (
    <Stack gap="md" className="page" maw={1200} data-testid="portfolio-import-page">
      <Group justify="space-between" align="end">
        <Title order={2}>{t('title')}</Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed">{t('export.label')}</Text>
          <Button component="a" href={exportUrl('xlsx')} download variant="light" data-testid="export-xlsx">{t('export.xlsx')}</Button>
          <Button component="a" href={exportUrl('csv')} download variant="light" data-testid="export-csv">{t('export.csv')}</Button>
        </Group>
      </Group>
      <Text c="dimmed">{t('intro')}</Text>

      <Paper withBorder radius="lg" p="md">
        <Group align="end">
          <Autocomplete
            label={t('source.label')}
            placeholder={t('source.placeholder')}
            data={sources.map((s) => s.name)}
            value={source}
            onChange={pickSource}
            maxLength={100}
            w={320}
            data-testid="import-source"
          />
          <FileButton onChange={(chosen) => void read(chosen, source)} accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
            {(props) => <Button {...props} data-testid="import-file">{t('file.button')}</Button>}
          </FileButton>
          {file ? <Text size="sm" data-testid="import-file-name">{t('file.chosen', { name: file.name, rows: headers?.rows ?? 0 })}</Text> : null}
        </Group>
      </Paper>

      {headers ? (
        <Paper withBorder radius="lg" p="md" data-testid="import-mapping">
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={4}>{t('mapping.title')}</Title>
              {headers.saved ? <Badge variant="light" color="teal">{t('mapping.saved')}</Badge> : <Badge variant="light" color="gray">{t('mapping.guessed')}</Badge>}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {fields.map((field) => (
                <Select
                  key={field.key}
                  label={field.label}
                  withAsterisk={field.required}
                  placeholder={t('mapping.none')}
                  data={options}
                  value={mapping[field.key] ?? null}
                  onChange={(value) => setMapping((current) => {
                    const next = { ...current };
                    if (value) next[field.key] = value;
                    else delete next[field.key];
                    return next;
                  })}
                  clearable
                  searchable
                  data-testid={`map-${field.key}`}
                />
              ))}
            </SimpleGrid>
            {missing.length ? <Text size="sm" c="red">{t('mapping.missing', { fields: missing.map((f) => f.label).join(', ') })}</Text> : null}
            <Group>
              <Button variant="light" onClick={() => void run(true)} loading={busy && job?.dryRun !== false} disabled={!ready || busy} data-testid="import-dry-run">{t('run.dry')}</Button>
              <Button onClick={() => void run(false)} loading={busy && job?.dryRun === false} disabled={!ready || busy} data-testid="import-run">{t('run.real')}</Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}

      {job ? <JobPanel job={job} /> : null}
    </Stack>
  );
}

function JobPanel({ job }: { job: Job }) {
  const { t } = useTranslation('portfolioImport');
  const done = finished(job);
  return (
    <Paper withBorder radius="lg" p="md" data-testid="import-job" data-job={job._id} data-status={job.status} data-dry-run={String(job.dryRun)}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{job.dryRun ? t('job.dryTitle') : t('job.title')}</Title>
          <Text size="sm" data-testid="import-percent">{job.percent}%</Text>
        </Group>
        <Progress value={job.percent} animated={!done} aria-label={t('job.progress')} data-testid="import-progress" />
        {job.status === 'fallito' ? <Alert color="red">{job.message ?? t('job.failed')}</Alert> : null}
        {done && job.status === 'completato' ? (
          <>
            <Group gap="xs" data-testid="import-counts">
              {COUNT_KEYS.map((key) => (
                <Badge key={key} variant="light" color={key === 'scartate' && job.counts[key] ? 'red' : 'gray'} data-testid={`count-${key}`} data-value={job.counts[key] ?? 0}>
                  {t(`counts.${key}`, { count: job.counts[key] ?? 0 })}
                </Badge>
              ))}
            </Group>
            <Group gap="sm">
              <Text size="sm">{t('job.report')}</Text>
              <Anchor href={reportUrl(job._id, 'xlsx')} size="sm" download data-testid="report-xlsx">XLSX</Anchor>
              <Anchor href={reportUrl(job._id, 'csv')} size="sm" download data-testid="report-csv">CSV</Anchor>
            </Group>
            {job.errors.length ? (
              <Table striped withTableBorder data-testid="import-errors">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('errors.row')}</Table.Th>
                    <Table.Th>{t('errors.column')}</Table.Th>
                    <Table.Th>{t('errors.value')}</Table.Th>
                    <Table.Th>{t('errors.reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {job.errors.map(([row, column, value, reason], index) => (
                    <Table.Tr key={`${row}-${column}-${index}`} data-testid="import-error-row">
                      <Table.Td>{row}</Table.Td>
                      <Table.Td>{column}</Table.Td>
                      <Table.Td>{value}</Table.Td>
                      <Table.Td>{reason}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Text size="sm" c="teal">{t('errors.none')}</Text>
            )}
            {job.errorCount > job.errors.length ? <Text size="sm" c="dimmed">{t('errors.more', { count: job.errorCount - job.errors.length })}</Text> : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
