/**
 * A RUI entry's form: section, number, registration and cancellation dates and, for section E,
 * the intermediary the collaborator works for (section A, B, D or F). With `withName` it is the
 * intermediary's own entry (its name; no section E).
 */
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { PlainSelect } from '@sportello/host-api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import DayInput from '../../../components/DayInput';
import type { EntryForm as Form } from '../api';
import { numberProblem, PRINCIPAL_SECTIONS, SECTIONS } from '../ruiLogic';

interface Props {
  initial: Form & { name?: string };
  today: string;
  withName?: boolean;
  onSave: (form: Form & { name?: string }) => Promise<void>;
}

export default function EntryForm({ initial, today, withName = false, onSave }: Props) {
  const { t } = useTranslation('rui');
  const [form, setForm] = useState(initial);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));
  const sections = SECTIONS.filter((s) => !withName || s !== 'E');
  const problem = form.number ? numberProblem(form.number, form.section) : null;
  const principal = form.intermediaryNumber ?? '';
  const principalProblem =
    form.section === 'E' && principal
      ? numberProblem(principal, principal.trim().charAt(0).toUpperCase()) ??
        ((PRINCIPAL_SECTIONS as readonly string[]).includes(principal.trim().charAt(0).toUpperCase()) ? null : 'principal')
      : null;
  const ready = Boolean(form.section && form.number && form.registeredOn && !problem && !principalProblem);
  const save = async () => {
    setBusy(true);
    try {
      const section = form.section;
      await onSave({
        ...form,
        number: form.number.trim().toUpperCase(),
        intermediaryName: section === 'E' ? form.intermediaryName : '',
        intermediaryNumber: section === 'E' && principal ? principal.trim().toUpperCase() : null,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" data-testid={withName ? 'rui-intermediary-form' : 'rui-entry-form'}>
      {withName ? <TextInput label={t('fields.name')} value={form.name ?? ''} maxLength={200} onChange={(e) => set({ name: e.currentTarget.value })} data-testid="rui-name" /> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PlainSelect
          label={t('fields.section')}
          data={sections.map((s) => ({ value: s, label: `${s} – ${t(`sections.${s}`)}` }))}
          value={form.section}
          onChange={(section) => set({ section })}
          data-testid="rui-section"
        />
        <TextInput
          label={t('fields.number')}
          description={t('fields.numberHelp')}
          value={form.number}
          maxLength={10}
          error={problem ? t(`problems.${problem}`, { section: form.section }) : undefined}
          onChange={(e) => set({ number: e.currentTarget.value })}
          data-testid="rui-number"
        />
        <DayInput label={t('fields.registeredOn')} value={form.registeredOn || null} max={today} required onChange={(day) => set({ registeredOn: day ?? '' })} data-testid="rui-registered-on" />
        <DayInput label={t('fields.endedOn')} value={form.endedOn} min={form.registeredOn || undefined} max={today} clearable onChange={(day) => set({ endedOn: day })} data-testid="rui-ended-on" />
      </SimpleGrid>
      {form.section === 'E' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('fields.intermediaryName')} value={form.intermediaryName} maxLength={200} onChange={(e) => set({ intermediaryName: e.currentTarget.value })} data-testid="rui-principal-name" />
          <TextInput
            label={t('fields.intermediaryNumber')}
            value={principal}
            maxLength={10}
            error={principalProblem ? t(`problems.${principalProblem === 'principal' ? 'principal' : 'format'}`) : undefined}
            onChange={(e) => set({ intermediaryNumber: e.currentTarget.value })}
            data-testid="rui-principal-number"
          />
        </SimpleGrid>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={busy} disabled={!ready} data-testid="rui-entry-save">
          {t('save')}
        </Button>
      </Group>
    </Stack>
  );
}
