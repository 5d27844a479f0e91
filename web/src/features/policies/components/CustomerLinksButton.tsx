/** The customer's purchase and extension links of a policy (`createLinkPolizza`), to copy or open. */
import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { CopyText } from '../../../components/NativeChoices';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notify, useQuoteEnv } from '../../quotes/env';

export default function CustomerLinksButton({ policyId }: { policyId: string }) {
  const { t } = useTranslation('policies');
  const { call } = useQuoteEnv();
  const [busy, setBusy] = useState(false);
  const [links, setLinks] = useState<{ link: string; extensionLink: string } | null>(null);

  const open = async () => {
    setBusy(true);
    try {
      setLinks(await call<{ link: string; extensionLink: string }>('createLinkPolizza', { policyId }));
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="default" leftSection={<IconLink size={18} />} loading={busy} onClick={() => void open()} data-testid="policy-links">
        {t('links.button')}
      </Button>
      <Modal opened={links !== null} onClose={() => setLinks(null)} title={t('links.title')} centered size="lg">
        {links ? (
          <Stack>
            {(
              [
                ['purchase', links.link],
                ['extension', links.extensionLink],
              ] as const
            ).map(([kind, url]) => (
              <Stack key={kind} gap={4}>
                <Text fw={600}>{t(`links.${kind}`)}</Text>
                <Anchor href={url} target="_blank" rel="noopener" size="sm" style={{ wordBreak: 'break-all' }} data-testid={`link-${kind}`}>
                  {url}
                </Anchor>
                <CopyText value={url} copy={t('links.copy')} copied={t('links.copied')} />
              </Stack>
            ))}
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
