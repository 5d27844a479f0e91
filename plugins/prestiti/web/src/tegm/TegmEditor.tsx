/** A line of the usury table, new or changed (`prestiti.salvaTegm`): category, TEGM, amount band, validity. */
import { Alert, Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput, errorMessage, PlainSelect, useHost } from '@sportello/host-api';
import { CATEGORIES, draftOf, saveBody, tegmProblems, type TegmDraft, type TegmRow } from '../lib/tegmTable';

const CATEGORY_OPTIONS = CATEGORIES.map((c) => ({ value: c, label: c }));

export default function TegmEditor({ row, onDone }: { row: TegmRow | null; onDone: () => void }) {
  const { t } = useTranslation('prestiti');
  const host = useHost();
  const [draft, setDraft] = useState<TegmDraft>(() => draftOf(row));
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const problems = tegmProblems(draft);
  const errorOf = (field: keyof TegmDraft) => {
    const key = checked ? problems[field] : undefined;
    return key ? t(key) : null;
  };
  const set = (patch: Partial<TegmDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const save = async () => {
    setChecked(true);
    if (Object.keys(problems).length) return;
    setSaving(true);
    try {
      await host.call('prestiti.salvaTegm', saveBody(draft));
      host.notify.success(t('usury.saved'));
      onDone();
    } catch (error) {
      setRefusal(errorMessage(error));
      host.notify.error(t('usury.saveError', { message: errorMessage(error) }));
      setSaving(false);
    }
  };

  return (
    <div data-testid="tegm-editor">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <PlainSelect label={t('usury.category')} data={CATEGORY_OPTIONS} value={draft.category} onChange={(category) => set({ category })} data-testid="tegm-category" />
        <AmountInput label={t('usury.tegm')} suffix="%" required value={draft.tegm} onChange={(tegm) => set({ tegm })} error={errorOf('tegm')} data-testid="tegm-rate" />
        <AmountInput label={t('usury.above')} value={draft.above} onChange={(above) => set({ above })} data-testid="tegm-above" />
        <AmountInput label={t('usury.upTo')} value={draft.upTo} onChange={(upTo) => set({ upTo })} error={errorOf('upTo')} data-testid="tegm-up-to" />
        <TextInput type="date" label={t('usury.from')} required value={draft.from ?? ''} onChange={(e) => set({ from: e.currentTarget.value || null })} error={errorOf('from')} data-testid="tegm-from" />
        <TextInput type="date" label={t('usury.to')} required value={draft.to ?? ''} onChange={(e) => set({ to: e.currentTarget.value || null })} error={errorOf('to')} data-testid="tegm-to" />
      </SimpleGrid>
      {refusal ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} mt="md" data-testid="tegm-refusal">
          {refusal}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="md" gap="sm">
        <Button variant="default" onClick={onDone} disabled={saving}>
          {t('actions.cancel')}
        </Button>
        <Button leftSection={<IconDeviceFloppy size={18} />} loading={saving} onClick={() => void save()} data-testid="tegm-save">
          {t('actions.save')}
        </Button>
      </Group>
    </div>
  );
}
