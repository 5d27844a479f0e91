/** Admins and responsabili set the practice's price (`noleggioAuto.quotazione`) before emission is requested. */
import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import OfferFields from '../components/OfferFields';
import { errorMessage, useHost, type HostItem } from '@sportello/host-api';
import { offerProblems, toOffer, type OfferDraft } from '../lib/offer';
import { priceOf } from '../lib/rentalQuote';

export default function QuotationEditor({ quote, onDone }: { quote: HostItem; onDone: () => void }) {
  const { t } = useTranslation('noleggio_auto');
  const host = useHost();
  const [draft, setDraft] = useState<OfferDraft>(() => priceOf(quote));
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const problems = offerProblems(draft);
  const errorOf = (field: keyof OfferDraft) => (checked && problems[field] ? t(problems[field]) : null);
  const set = (patch: Partial<OfferDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const save = async () => {
    setChecked(true);
    if (Object.keys(problems).length) return;
    setSaving(true);
    try {
      await host.call('noleggioAuto.quotazione', { pId: quote._id, price: toOffer(draft) });
      host.notify.success(t('quotation.saved'));
      onDone();
    } catch (error) {
      host.notify.error(t('quotation.saveError', { message: errorMessage(error) }));
      setSaving(false);
    }
  };

  return (
    <div data-testid="quotation-editor">
      <OfferFields value={draft} onChange={set} errorOf={errorOf} columns={2} />
      <Group justify="flex-end" mt="md" gap="sm">
        <Button variant="default" onClick={onDone} disabled={saving}>
          {t('actions.cancel')}
        </Button>
        <Button leftSection={<IconDeviceFloppy size={18} />} loading={saving} onClick={() => void save()} data-testid="quotation-save">
          {t('actions.save')}
        </Button>
      </Group>
    </div>
  );
}
