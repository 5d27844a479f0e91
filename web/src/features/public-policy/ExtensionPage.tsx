/**
 * `/extension-policy?p={id}&c={code}` (no login): the customer asks to extend a policy (another
 * driver or vehicle, a longer period, a higher limit); the request becomes a quote linked to
 * the policy, alerting admins.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { PlainSelect } from '@sportello/host-api';
import { TextArea } from '../../components/NativeChoices';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { shortDate } from '../policies/policyLogic';
import { requestExtension } from './api';
import PublicFrame from '../../components/PublicFrame';
import { usePolicyPage } from './usePolicyPage';

export default function ExtensionPage() {
  const { t } = useTranslation('publicPolicy');
  const [params] = useSearchParams();
  const id = params.get('p') ?? '';
  const code = params.get('c') ?? '';
  const { page, failure, fail } = usePolicyPage(id, code);
  const [kind, setKind] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    if (!kind || !note.trim()) return;
    setSending(true);
    setError(null);
    try {
      await requestExtension(id, code, kind, note.trim());
      setSent(true);
    } catch (e) {
      setError(fail(e));
    } finally {
      setSending(false);
    }
  };

  const policy = page?.policy;
  return (
    <PublicFrame title={t('extension.title')} failure={failure} loading={!page} ns="publicPolicy" errorTestId="public-policy-error">
      {policy ? (
        <Stack gap="md" data-testid="public-extension">
          <Text>
            {t('extension.of', { number: policy.number ?? '', company: policy.company ?? '', end: shortDate(policy.endDate) })}
          </Text>
          {sent ? (
            <Alert color="green" variant="light" icon={<IconCircleCheck />} data-testid="extension-done">
              {t('extension.done')}
            </Alert>
          ) : (
            <>
              <PlainSelect
                label={t('extension.kind')}
                data={[{ value: '', label: t('extension.kindPlaceholder') }, ...Object.entries(page.extensionKinds).map(([value, label]) => ({ value, label }))]}
                value={kind ?? ''}
                onChange={(value) => setKind(value || null)}
                data-testid="extension-kind"
              />
              <TextArea label={t('extension.note')} description={t('extension.noteHelp')} value={note} maxLength={2000} onChange={setNote} testId="extension-note" />
              <Group justify="flex-end">
                <Button disabled={!kind || !note.trim()} loading={sending} onClick={() => void send()} data-testid="extension-send">
                  {t('extension.send')}
                </Button>
              </Group>
            </>
          )}
          {error ? (
            <Alert color="red" variant="light">
              {error}
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </PublicFrame>
  );
}
