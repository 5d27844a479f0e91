/**
 * A plain quote's pre-contract documents in the office: the latest version's files with their
 * SHA-256, the customer's receipt (when, from which address, by the code mailed to which
 * address) or an admin's override with its reason; live: the quote's `precontratto` summary on
 * the `preventivi` stream makes it read again. Admins may go ahead without the confirmation.
 */
import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconFileCertificate, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostItem } from '@sportello/host-api';
import { errorText, notify, useQuoteEnv } from '../env';
import { romeDateTime } from '../fieldText';
import { fetchReceipts, fileUrl, makeDocuments, overrideDelivery, reasonOk, type Receipt, receiptUrl, stateColor, summaryOf } from '../precontract';

export default function PrecontractCard({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('quotes');
  const { flags } = useQuoteEnv();
  const [latest, setLatest] = useState<Receipt | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const summary = summaryOf(quote);
  const stamp = `${summary?.version ?? 0}|${summary?.state ?? ''}`;

  useEffect(() => {
    let live = true;
    fetchReceipts(quote._id)
      .then((answer) => live && setLatest(answer.versions[0] ?? null))
      .catch(() => live && setLatest(null));
    return () => {
      live = false;
    };
  }, [quote._id, stamp]);

  const act = async (action: () => Promise<Receipt>) => {
    setBusy(true);
    try {
      setLatest(await action());
      setAsking(false);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p="lg" data-testid="precontract-card">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={4}>{t('precontract.title')}</Title>
        {latest ? (
          <Badge color={stateColor(latest)} variant="light" data-testid="precontract-state">
            {latest.confirmation ? t('precontract.confirmed') : latest.override ? t('precontract.overridden') : t('precontract.waiting')}
          </Badge>
        ) : null}
      </Group>
      {latest ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('precontract.version', { version: latest.version, date: romeDateTime(latest.madeAt) })}
          </Text>
          {latest.documents.map((d) => (
            <div key={d.index} style={{ minWidth: 0 }}>
              <Anchor href={fileUrl(quote._id, latest.version, d.index)} size="sm">
                {d.title}
              </Anchor>
              <Text size="xs" c={d.matches ? 'dimmed' : 'red'} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                SHA-256 {d.sha256}
                {d.matches ? '' : ` · ${t('precontract.mismatch')}`}
              </Text>
            </div>
          ))}
          {latest.confirmation ? (
            <Text size="sm" data-testid="precontract-receipt">
              {t('precontract.receipt', {
                date: romeDateTime(latest.confirmation.at),
                address: latest.confirmation.address ?? '—',
                email: latest.email ?? '—',
              })}
            </Text>
          ) : null}
          {latest.override ? (
            <Text size="sm" data-testid="precontract-override">
              {t('precontract.overrideText', { name: latest.override.byName ?? '—', date: romeDateTime(latest.override.at), reason: latest.override.reason ?? '' })}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('precontract.none')}
        </Text>
      )}
      <Group mt="md" gap="sm" wrap="wrap">
        <Button variant="default" leftSection={<IconRefresh size={16} />} loading={busy} onClick={() => void act(() => makeDocuments(quote._id))} data-testid="precontract-make">
          {t('precontract.make')}
        </Button>
        {latest ? (
          <Button component="a" variant="default" leftSection={<IconFileCertificate size={16} />} href={receiptUrl(quote._id, latest.version)}>
            {t('precontract.receiptPdf')}
          </Button>
        ) : null}
        {flags.admin && !latest?.confirmation && !latest?.override ? (
          <Button variant="light" color="orange" onClick={() => setAsking(true)} data-testid="precontract-override-open">
            {t('precontract.override')}
          </Button>
        ) : null}
      </Group>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('precontract.override')}>
        <Stack>
          <Textarea label={t('precontract.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} autosize minRows={3} data-testid="precontract-reason" />
          <Button color="orange" disabled={!reasonOk(reason)} loading={busy} onClick={() => void act(() => overrideDelivery(quote._id, reason.trim()))} data-testid="precontract-override-save">
            {t('precontract.overrideSave')}
          </Button>
        </Stack>
      </Modal>
    </Paper>
  );
}
