/**
 * The pre-contract documents on the customer's quote page: each to download, then "Confermo di
 * aver ricevuto e letto i documenti" with a one-time code mailed to the customer (a simple
 * electronic signature, IVASS Reg. 40/2018 art. 56). Kept apart from the page itself; a new
 * `revision` reads the set again (the answers to the demands-and-needs questions add a document).
 */
import { Alert, Anchor, Button, Checkbox, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconMail } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { romeDateTime } from '../quotes/fieldText';
import { askCode, cleanCode, confirmReceipt, documentUrl, getPrecontract, type PrecontractSet, shortHash } from './precontract';

export default function PrecontractStep({ id, code, revision = 0 }: { id: string; code: string; revision?: number }) {
  const { t } = useTranslation('publicQuote');
  const [set, setSet] = useState<PrecontractSet | null>(null);
  const [read, setRead] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getPrecontract(id, code, controller.signal)
      .then(setSet)
      .catch(() => setSet(null)); // no documents for this quote: the step stays hidden
    return () => controller.abort();
  }, [id, code, revision]);

  if (!set || set.documents.length === 0) return null;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="precontract">
      <Divider label={t('precontract.title')} labelPosition="left" />
      <Text size="sm" c="dimmed">
        {t('precontract.intro')}
      </Text>
      <Stack gap={4}>
        {set.documents.map((d) => (
          <Group key={d.index} gap="xs" wrap="nowrap" align="flex-start">
            <IconDownload size={16} style={{ flexShrink: 0, marginTop: 3 }} />
            <div style={{ minWidth: 0 }}>
              <Anchor href={documentUrl(id, code, set.version, d.index)} download={d.name} data-testid={`precontract-doc-${d.kind}`} style={{ overflowWrap: 'anywhere' }}>
                {d.title}
              </Anchor>
              <Text size="xs" c="dimmed" ff="monospace">
                SHA-256 {shortHash(d.sha256)}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
      {set.confirmedAt ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck />} data-testid="precontract-confirmed">
          {t('precontract.confirmed', { date: romeDateTime(set.confirmedAt) })}
        </Alert>
      ) : !set.email ? (
        <Alert color="yellow" variant="light">
          {t('precontract.noEmail')}
        </Alert>
      ) : (
        <Stack gap="xs">
          <Checkbox checked={read} onChange={(e) => setRead(e.currentTarget.checked)} label={t('precontract.confirm')} data-testid="precontract-read" />
          {sentTo ? (
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label={t('precontract.code', { email: sentTo })}
                value={otp}
                onChange={(e) => setOtp(cleanCode(e.currentTarget.value))}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                w={220}
                data-testid="precontract-code"
              />
              <Button
                loading={busy}
                disabled={otp.length !== 6 || !read}
                onClick={() => void run(async () => setSet(await confirmReceipt(id, code, set, otp)))}
                data-testid="precontract-sign"
              >
                {t('precontract.sign')}
              </Button>
              <Button variant="subtle" disabled={busy} onClick={() => void run(async () => setSentTo((await askCode(id, code)).sentTo))}>
                {t('precontract.again')}
              </Button>
            </Group>
          ) : (
            <Group justify="flex-end">
              <Button
                leftSection={<IconMail size={18} />}
                loading={busy}
                disabled={!read}
                onClick={() => void run(async () => setSentTo((await askCode(id, code)).sentTo))}
                data-testid="precontract-ask"
              >
                {t('precontract.ask', { email: set.email })}
              </Button>
            </Group>
          )}
        </Stack>
      )}
      {error ? (
        <Alert color="red" variant="light" data-testid="precontract-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
