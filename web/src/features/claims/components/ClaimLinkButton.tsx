/** The customer's claim link of a policy (`createLinkSinistro`), to copy or open. */
import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyText } from '../../../components/NativeChoices';
import { errorText, notify, useQuoteEnv } from '../../quotes/env';

export default function ClaimLinkButton({ policyId }: { policyId: string }) {
  const { t } = useTranslation('claims');
  const { call } = useQuoteEnv();
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(null);

  const open = async () => {
    setBusy(true);
    try {
      setLink((await call<{ link: string }>('createLinkSinistro', { policyId })).link);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="default" leftSection={<IconLink size={18} />} loading={busy} onClick={() => void open()} data-testid="claim-link">
        {t('policy.link')}
      </Button>
      <Modal opened={link !== null} onClose={() => setLink(null)} title={t('policy.linkTitle')} centered size="lg">
        {link ? (
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {t('policy.linkHelp')}
            </Text>
            <Anchor href={link} target="_blank" rel="noopener" size="sm" style={{ wordBreak: 'break-all' }} data-testid="claim-link-url">
              {link}
            </Anchor>
            <CopyText value={link} copy={t('policy.copy')} copied={t('policy.copied')} />
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
