/**
 * The consent block of the public quote page: the notice in force (shown on request) and the
 * three consents; the service one is needed. Sent through the quote's link (channel `link`).
 */
import { Alert, Anchor, Button, Checkbox, Divider, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSENT_KINDS, type ConsentKind, getLinkConsents, type LinkConsentState, saveLinkConsents } from './api';
import { initialChoices } from './privacyLogic';

export default function LinkConsents({ id, code }: { id: string; code: string }) {
  const { t } = useTranslation('privacy');
  const [state, setState] = useState<LinkConsentState | null>(null);
  const [choices, setChoices] = useState<Record<ConsentKind, boolean>>(initialChoices({}));
  const [reading, setReading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getLinkConsents(id, code, controller.signal).then(
      (found) => {
        setState(found);
        setChoices(initialChoices(found.consents));
      },
      () => setState(null),
    );
    return () => controller.abort();
  }, [id, code]);
  if (!state) return null;
  const send = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const saved = await saveLinkConsents(id, code, choices);
      setState(saved);
      setMessage({ ok: true, text: t('link.saved') });
    } catch (error) {
      setMessage({ ok: false, text: t('link.error', { error: (error as Error).message }) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" data-testid="link-consents">
      <Divider label={t('link.title')} labelPosition="left" />
      <Anchor component="button" size="sm" ta="left" onClick={() => setReading(!reading)}>
        {reading ? t('link.hide') : t('link.read', { version: state.notice.version })}
      </Anchor>
      {reading ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 320, overflowY: 'auto' }} data-testid="link-notice">
          {state.notice.text}
        </Text>
      ) : null}
      {state.hasCustomer ? (
        <>
          {CONSENT_KINDS.map((kind) => (
            <Checkbox
              key={kind}
              label={t(`link.${kind}`)}
              checked={choices[kind]}
              onChange={(e) => setChoices({ ...choices, [kind]: e.currentTarget.checked })}
              data-testid={`link-consent-${kind}`}
            />
          ))}
          {!choices.servizio ? (
            <Text size="xs" c="dimmed">
              {t('link.serviceNeeded')}
            </Text>
          ) : null}
          <Button variant="light" w="fit-content" loading={busy} disabled={!choices.servizio} onClick={() => void send()} data-testid="link-consents-save">
            {t('link.save')}
          </Button>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('link.noCustomer')}
        </Text>
      )}
      {message ? (
        <Alert color={message.ok ? 'green' : 'red'} variant="light">
          {message.text}
        </Alert>
      ) : null}
    </Stack>
  );
}
