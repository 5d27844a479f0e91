/**
 * The client page's privacy block: each consent's state with its history (a change is a new
 * entry), recorded by whoever may see the client; the data export (art. 15 and 20) as a ZIP
 * download (`dati.json` and the client's files), fetched so that a refusal is said in the
 * server's words instead of saved as the file; for admins, the erasure (art. 17) and the list
 * of what it kept (of which kind: a record, a file, a chat, a mail…), why and until when.
 */
import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime, ListTable, type ListColumn } from '@sportello/host-api';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { type MouseEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../lib/download';
import { HttpError } from '../../lib/http';
import { notifyError } from '../../lib/notify';
import { errorText } from '../quotes/env';
import { CONSENT_KINDS, type ConsentKind, type Consents, eraseClient, type Erasure, exportUrl, fetchExport, getConsents, type KeptRecord, setConsent } from './api';
import { consentState, italianDay, recordKind } from './privacyLogic';

const COLORS = { given: 'green', revoked: 'red', none: 'gray' } as const;

function ErasureResult({ result }: { result: Erasure }) {
  const { t } = useTranslation('privacy');
  const columns: ListColumn<KeptRecord>[] = [
    { key: 'label', header: t('erasure.what'), cell: (k) => k.label, card: 'title' },
    { key: 'kind', header: t('erasure.kind'), cell: (k) => t(`erasure.kinds.${recordKind(k.kind)}`), testId: 'erasure-kept-kind', td: { style: { whiteSpace: 'nowrap' } } },
    { key: 'reason', header: t('erasure.why'), cell: (k) => k.reason },
    { key: 'until', header: t('erasure.when'), cell: (k) => italianDay(k.until), td: { style: { whiteSpace: 'nowrap' } } },
  ];
  return (
    <Stack gap="xs" data-testid="erasure-result">
      <Text fw={600}>{result.again ? t('erasure.again') : t('erasure.done')}</Text>
      <Text size="sm" fw={600}>
        {t('erasure.kept')}
      </Text>
      <ListTable rows={result.kept} columns={columns} rowKey={(k) => `${k.kind}-${k.id}`} rowProps={() => ({ 'data-testid': 'erasure-kept' })} label={t('erasure.kept')} minWidth={640} empty={<Text c="dimmed">{t('erasure.nothingKept')}</Text>} />
      <Text size="sm" fw={600}>
        {t('erasure.anonymised')}
      </Text>
      <Text size="sm" data-testid="erasure-anonymised">
        {result.anonymised.map((a) => a.label).join(' · ')}
      </Text>
    </Stack>
  );
}

export default function ClientPrivacy({ clientId, admin }: { clientId: string; admin: boolean }) {
  const { t } = useTranslation('privacy');
  const [consents, setConsents] = useState<Consents | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [erasure, setErasure] = useState<Erasure | null>(null);
  const [exportFailed, setExportFailed] = useState<string | null>(null);
  const hintId = useId();
  useEffect(() => {
    const controller = new AbortController();
    getConsents(clientId, controller.signal).then(setConsents, (e: Error) => {
      if (!controller.signal.aborted) notifyError(t('consents.error', { error: e.message }));
    });
    return () => controller.abort();
  }, [clientId, t, erasure]);

  const change = async (kind: ConsentKind, given: boolean) => {
    setBusy(kind);
    try {
      setConsents(await setConsent(clientId, kind, given));
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setBusy(null);
    }
  };
  /** The export fetched, then saved under the server's name; a refusal (403, 404, 500) in the
   * server's words (the link's address stays for "save as"). */
  const download = async (event: MouseEvent) => {
    event.preventDefault();
    if (busy === 'export') return;
    setBusy('export');
    setExportFailed(null);
    try {
      const { blob, name } = await fetchExport(clientId);
      saveFile(blob, name ?? `dati-cliente-${clientId}.zip`);
    } catch (error) {
      setExportFailed(error instanceof HttpError ? error.message : t('consents.exportUnreachable'));
    } finally {
      setBusy(null);
    }
  };
  const erase = async () => {
    setBusy('erasure');
    try {
      setErasure(await eraseClient(clientId));
      setConfirming(false);
    } catch (error) {
      setConfirming(false);
      notifyError(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder radius="lg" p="lg" data-testid="client-privacy">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={4}>{t('consents.title')}</Title>
        <Group gap="xs" wrap="wrap">
          <Button
            component="a"
            href={exportUrl(clientId)}
            download
            onClick={(event: MouseEvent) => void download(event)}
            loading={busy === 'export'}
            aria-describedby={hintId}
            variant="default"
            size="xs"
            leftSection={<IconDownload size={16} />}
            data-testid="privacy-export"
          >
            {t('consents.export')}
          </Button>
          {admin ? (
            <Button color="red" variant="light" size="xs" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)} data-testid="privacy-erase">
              {t('erasure.button')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mb={exportFailed ? 'xs' : 'md'} id={hintId} data-testid="privacy-export-hint">
        {t('consents.exportHint')}
      </Text>
      {exportFailed ? (
        <Text size="sm" c="red" mb="md" role="alert" data-testid="privacy-export-error">
          {exportFailed}
        </Text>
      ) : null}
      <Stack gap="sm">
        <Table verticalSpacing={6} data-testid="privacy-consents">
          <Table.Tbody>
            {CONSENT_KINDS.map((kind) => {
              const entry = consents?.current[kind] ?? null;
              const state = consentState(entry);
              return (
                <Table.Tr key={kind} data-testid={`consent-${kind}`}>
                  <Table.Td>{t(`consents.kinds.${kind}`)}</Table.Td>
                  <Table.Td>
                    <Badge color={COLORS[state]} variant="light" data-testid="consent-state">
                      {t(`consents.${state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button size="compact-xs" variant="subtle" loading={busy === kind} onClick={() => void change(kind, state !== 'given')} data-testid="consent-toggle">
                      {state === 'given' ? t('consents.revoke') : t('consents.give')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Text size="sm" fw={600}>
          {t('consents.history')}
        </Text>
        {consents?.history.length ? (
          <Stack gap={2} data-testid="consent-history">
            {consents.history.map((entry) => (
              <Text key={entry._id} size="xs">
                <b>{t(`consents.kinds.${entry.kind}`)}</b>:{' '}
                {t('consents.entry', {
                  state: t(`consents.${entry.given ? 'given' : 'revoked'}`),
                  date: formatDateTime(entry.at),
                  channel: t(`consents.channel.${entry.channel}`),
                  version: entry.noticeVersion,
                })}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('consents.noHistory')}
          </Text>
        )}
        {erasure ? <ErasureResult result={erasure} /> : null}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('erasure.confirmTitle')} centered>
        <Stack gap="md">
          <Text size="sm">{t('erasure.confirmText')}</Text>
          <Group justify="flex-end">
            <Anchor component="button" onClick={() => setConfirming(false)}>
              {t('erasure.cancel')}
            </Anchor>
            <Button color="red" loading={busy === 'erasure'} onClick={() => void erase()} data-testid="privacy-erase-confirm">
              {t('erasure.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
