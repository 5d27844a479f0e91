/**
 * The customer's link to the quote (`createLinkPreventivo`), opened in a popup of width 900 and
 * height screen − 300 (SPEC §7); a failure is the error string in a negative notification.
 */
import { Button } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostItem } from '@sportello/host-api';
import { errorText, notify, useQuoteEnv } from '../env';

const POPUP_WIDTH = 900;

function openQuoteLink(link: string): void {
  const height = Math.max(window.screen.height - 300, 300);
  window.open(link, '_blank', `popup=yes,width=${POPUP_WIDTH},height=${height}`);
}

export default function QuoteLinkButton({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('quotes');
  const { call } = useQuoteEnv();
  const [busy, setBusy] = useState(false);

  const open = async () => {
    setBusy(true);
    try {
      const answer = await call<{ link: string }>('createLinkPreventivo', { pId: quote._id, aId: quote.aId });
      openQuoteLink(answer.link);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="default" leftSection={<IconLink size={18} />} loading={busy} onClick={() => void open()} data-testid="quote-link">
      {t('link.button')}
    </Button>
  );
}
