/** Archive / restore a quote (canEdit users only; SPEC §4), saved with `saveData`. */
import { Button } from '@mantine/core';
import { IconArchive, IconArchiveOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostItem } from '@sportello/host-api';
import { errorText, notify, useQuoteEnv } from '../env';

export default function ArchiveButton({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('quotes');
  const { canEdit, call } = useQuoteEnv();
  const [busy, setBusy] = useState(false);
  if (!canEdit) return null;

  const toggle = async () => {
    const archived = !quote.archived;
    setBusy(true);
    try {
      await call('saveData', { coll: 'preventivi', _id: quote._id, upd: { $set: { archived } } });
      notify.success(archived ? t('archive.archived') : t('archive.restored'));
    } catch (error) {
      notify.error(t('status.updateError', { error: errorText(error) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="default"
      leftSection={quote.archived ? <IconArchiveOff size={18} /> : <IconArchive size={18} />}
      loading={busy}
      onClick={() => void toggle()}
      data-testid="archive-toggle"
    >
      {quote.archived ? t('archive.restore') : t('archive.archive')}
    </Button>
  );
}
