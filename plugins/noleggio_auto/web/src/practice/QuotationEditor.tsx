/** Admins and responsabili set the practice's price (`noleggioAuto.quotazione`) before emission is requested. */
import { Button, Group, SimpleGrid } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import NumberField from '../components/NumberField';
import { useHost, type HostItem } from '../host';
import { errorMessage } from '../lib/newRental';
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
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberField label={t('fields.canone')} decimals={2} suffix={t('price.euroPerMonth')} required value={draft.canone} onChange={(canone) => set({ canone })} error={errorOf('canone')} data-testid="quotation-canone" />
        <NumberField label={t('fields.anticipo')} decimals={2} suffix="€" value={draft.anticipo} onChange={(anticipo) => set({ anticipo })} error={errorOf('anticipo')} />
        <NumberField label={t('fields.durataMonths')} decimals={0} suffix={t('price.monthsUnit')} required value={draft.durata} onChange={(durata) => set({ durata })} error={errorOf('durata')} />
        <NumberField label={t('fields.km_annuali')} decimals={0} suffix="km" required value={draft.km_annuali} onChange={(km_annuali) => set({ km_annuali })} error={errorOf('km_annuali')} />
      </SimpleGrid>
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
