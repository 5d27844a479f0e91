/**
 * The admins' OTP dialog (SPEC §5, §9): when a company integration asks for a one-time code
 * (`settings.askOtp {at, company}`), it opens if the request is under a minute old, closes by
 * itself when the minute is over, and publishes the code on `submitOtp-{company}`.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../lib/notify';
import { useServices, useSession } from '../session/context';
import { type AskOtp, OTP_MAX_LENGTH, otpOpenFor, otpValid } from './otp';

export function OtpPrompt() {
  const { t } = useTranslation('otp');
  const { session } = useServices();
  const { settings } = useSession();
  const ask = (settings as { askOtp?: AskOtp } | null)?.askOtp ?? null;
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const left = otpOpenFor(ask, Date.now());
    setOpen(left > 0);
    setCode('');
    if (!left) return undefined;
    const timer = window.setTimeout(() => setOpen(false), left);
    return () => window.clearTimeout(timer);
  }, [ask]);

  const company = typeof ask?.company === 'string' ? ask.company : '';
  const submit = async () => {
    if (!otpValid(code)) return;
    setBusy(true);
    try {
      await session.publish(`submitOtp-${company}`, code.trim());
      setOpen(false);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={open} onClose={() => setOpen(false)} title={t('title', { company })} centered data-testid="otp-dialog">
      <form onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        <Stack>
          <Text size="sm">{t('message', { company })}</Text>
          <TextInput label={t('code')} value={code} onChange={(e) => setCode(e.currentTarget.value)} maxLength={OTP_MAX_LENGTH}
            autoComplete="one-time-code" inputMode="numeric" data-autofocus data-testid="otp-code" />
          <Group justify="flex-end">
            <Button type="submit" disabled={!otpValid(code)} loading={busy} data-testid="otp-submit">{t('send')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
