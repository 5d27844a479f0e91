/**
 * The tenant's dunning plan: the days from an instalment's due date on which its reminder goes
 * (negative: before), and whether the customer gets the e-mail and the agent the push. Checked
 * here as the server checks it (-60..180, no repeats, at most 8); the server's message names
 * any refusal.
 */
import { Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLiveDraft } from '../../lib/liveDraft';
import { useSession } from '../../session/context';
import { useSave } from './useSave';

export const DEFAULT_DAYS = [-7, 0, 7, 14];

/** '−7, 0, 7' → [-7, 0, 7]; null when a part is not a whole number in range, repeated, or there are more than 8. */
export function parseDays(text: string): number[] | null {
  const parts = text.replace(/−/g, '-').split(/[\s,;]+/).filter(Boolean);
  if (parts.length > 8 || parts.some((part) => !/^-?\d{1,3}$/.test(part))) return null;
  const days = parts.map(Number);
  if (days.some((day) => day < -60 || day > 180) || new Set(days).size !== days.length) return null;
  return [...days].sort((a, b) => a - b);
}

export default function DunningSection() {
  const { t } = useTranslation('dunning');
  const { t: ts } = useTranslation('settings');
  const { settings } = useSession();
  const stored = Array.isArray(settings?.solleciti) ? (settings.solleciti as number[]) : DEFAULT_DAYS;
  const saved = {
    solleciti: stored.join(', '),
    sollecitiEmail: settings?.sollecitiEmail !== false,
    sollecitiPush: settings?.sollecitiPush !== false,
  };
  const [draft, setDraft] = useLiveDraft(saved);
  const { busy, save } = useSave({ ...saved, solleciti: parseDays(saved.solleciti) });
  const days = parseDays(draft.solleciti);
  const describe = (day: number) => (day < 0 ? t('settings.before', { count: -day }) : day === 0 ? t('settings.on') : t('settings.after', { count: day }));

  return (
    <Paper withBorder radius="lg" p="lg" data-testid="settings-dunning">
      <Stack gap="md">
        <Title order={4}>{t('settings.title')}</Title>
        <TextInput
          label={t('settings.days')}
          description={t('settings.help')}
          value={draft.solleciti}
          onChange={(e) => setDraft({ ...draft, solleciti: e.currentTarget.value })}
          error={days === null ? t('settings.bad') : undefined}
          maxLength={60}
          w={420}
          data-testid="settings-dunning-days"
        />
        {days ? (
          <Text size="sm" c="dimmed">
            {days.map(describe).join(' · ')}
          </Text>
        ) : null}
        <Checkbox label={t('settings.email')} checked={draft.sollecitiEmail} onChange={(e) => setDraft({ ...draft, sollecitiEmail: e.currentTarget.checked })} data-testid="settings-dunning-email" />
        <Checkbox label={t('settings.push')} checked={draft.sollecitiPush} onChange={(e) => setDraft({ ...draft, sollecitiPush: e.currentTarget.checked })} data-testid="settings-dunning-push" />
        <Group justify="flex-end">
          <Button
            onClick={() => void save({ solleciti: days ?? draft.solleciti, sollecitiEmail: draft.sollecitiEmail, sollecitiPush: draft.sollecitiPush })}
            loading={busy}
            data-testid="settings-dunning-save"
          >
            {ts('save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
