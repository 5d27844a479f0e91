/**
 * Admins and responsabili enter the lender's offer (`prestiti.quotazione`) before emission is
 * requested; the server prices it and refuses it in Italian (the fifth of pay, the usury
 * threshold), which shows under the form.
 */
import { Alert, Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput, errorMessage, PlainSelect, useHost, type HostItem } from '@sportello/host-api';
import { loanOf } from '../lib/loanQuote';
import { offerBody, offerDraftOf, offerProblems, type OfferDraft } from '../lib/offer';

export default function QuotationEditor({ quote, companies, onDone }: { quote: HostItem; companies: string[]; onDone: () => void }) {
  const { t } = useTranslation('prestiti');
  const host = useHost();
  const [draft, setDraft] = useState<OfferDraft>(() => offerDraftOf(loanOf(quote)));
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const problems = offerProblems(draft);
  const errorOf = (field: keyof OfferDraft) => {
    const key = checked ? problems[field] : undefined;
    return key ? t(key) : null;
  };
  const set = (patch: Partial<OfferDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setRefusal(null);
  };

  const save = async () => {
    setChecked(true);
    if (Object.keys(problems).length) return;
    setSaving(true);
    try {
      await host.call('prestiti.quotazione', { pId: quote._id, offer: offerBody(draft) });
      host.notify.success(t('quotation.saved'));
      onDone();
    } catch (error) {
      setRefusal(errorMessage(error));
      host.notify.error(t('quotation.saveError', { message: errorMessage(error) }));
      setSaving(false);
    }
  };

  const amount = (field: 'importoFinanziato' | 'istruttoria' | 'perizia' | 'polizza' | 'speseIncasso', testId: string, required = false) => (
    <AmountInput
      label={t(`offer.${field}`)}
      required={required}
      value={draft[field]}
      onChange={(value) => set({ [field]: value })}
      error={errorOf(field)}
      data-testid={testId}
    />
  );

  return (
    <div data-testid="quotation-editor">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {companies.length ? (
          <PlainSelect
            label={t('fields.istituto')}
            data={[...new Set([...companies, ...(draft.istituto ? [draft.istituto] : [])])].map((c) => ({ value: c, label: c }))}
            value={draft.istituto}
            onChange={(istituto) => set({ istituto })}
            error={errorOf('istituto')}
            data-testid="offer-istituto"
          />
        ) : (
          <TextInput
            label={t('fields.istituto')}
            required
            value={draft.istituto}
            onChange={(event) => set({ istituto: event.currentTarget.value })}
            error={errorOf('istituto')}
            data-testid="offer-istituto"
          />
        )}
        <AmountInput
          label={t('fields.tan')}
          suffix="%"
          required
          value={draft.tan}
          onChange={(tan) => set({ tan })}
          error={errorOf('tan')}
          data-testid="offer-tan"
        />
        {amount('importoFinanziato', 'offer-financed', true)}
        {amount('istruttoria', 'offer-istruttoria')}
        {amount('perizia', 'offer-perizia')}
        {amount('polizza', 'offer-polizza')}
        {amount('speseIncasso', 'offer-incasso')}
      </SimpleGrid>
      {refusal ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} mt="md" data-testid="quotation-refusal">
          {refusal}
        </Alert>
      ) : null}
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
