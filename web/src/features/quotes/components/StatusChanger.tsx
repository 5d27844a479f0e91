/**
 * The quote's status, editable with the statuses whose canSelectedBy admits the user's role
 * (SPEC §4); saved with `saveData` and confirmed with 'Stato preventivo aggiornato'.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostItem } from '@sportello/host-api';
import { notify, useQuoteEnv } from '../env';
import { selectableStatuses } from '../quoteLogic';
import { PlainSelect } from '@sportello/host-api';
import StatusBadge from './StatusBadge';

export default function StatusChanger({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('quotes');
  const { flags, statuses, call } = useQuoteEnv();
  const [saving, setSaving] = useState(false);
  const current = typeof quote.status === 'string' ? quote.status : null;
  const options = selectableStatuses(flags, statuses).map((s) => s.name);
  if (!options.length) return <StatusBadge status={current} />;
  // the current status stays visible even when the user could not pick it
  const data = [
    ...(current && !options.includes(current) ? [{ value: current, label: current, disabled: true }] : []),
    ...(current ? [] : [{ value: '', label: t('status.none'), disabled: true }]),
    ...options,
  ];

  const change = async (status: string | null) => {
    if (!status || status === current) return;
    setSaving(true);
    try {
      await call('saveData', { coll: 'preventivi', _id: quote._id, upd: { $set: { status } } });
      notify.success(t('status.updated'));
    } catch (error) {
      notify.error(t('status.updateError', { error: error instanceof Error ? error.message : String(error) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <PlainSelect
      aria-label={t('status.change')}
      data-testid="status-changer"
      data={data}
      value={current ?? ''}
      onChange={(status) => void change(status)}
      disabled={saving}
      w={260}
    />
  );
}
