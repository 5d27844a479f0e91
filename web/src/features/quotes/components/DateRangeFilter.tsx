/**
 * The date range of a quote list (SPEC §2, §5): presets QUESTA SETTIMANA … ANNO PRECEDENTE, a
 * calendar, or manual GG/MM/AAAA entry (valid dates 1900–2099, applied after 1 s of quiet).
 */
import { Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { DatePicker, DatesProvider } from './datePicker';
import '@mantine/dates/styles.css';
import { useDebouncedCallback } from '@mantine/hooks';
import 'dayjs/locale/it';
import 'dayjs/locale/en';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatManualDate,
  MANUAL_DEBOUNCE_MS,
  matchingPreset,
  MAX_DATE,
  MIN_DATE,
  parseManualDate,
  PRESETS,
  presetRange,
} from '../dates';

interface Props {
  from: string | null;
  to: string | null;
  onChange: (from: string | null, to: string | null) => void;
}

function ManualDate({ label, value, onValid }: { label: string; value: string | null; onValid: (iso: string | null) => void }) {
  const { t } = useTranslation('quotes');
  const [text, setText] = useState(formatManualDate(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(formatManualDate(value));
    setError(null);
  }, [value]);
  const apply = useDebouncedCallback((next: string) => {
    if (!next) return onValid(null);
    const iso = parseManualDate(next);
    if (iso) onValid(iso);
    else setError(t('dates.invalid'));
  }, MANUAL_DEBOUNCE_MS);
  return (
    <TextInput
      label={label}
      placeholder={t('dates.placeholder')}
      value={text}
      maxLength={10}
      error={error}
      onChange={(event) => {
        setError(null);
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      w={140}
    />
  );
}

/** The range as the toolbar button shows it: the preset's name, the dates, or 'Tutte le date'. */
export function useRangeLabel(from: string | null, to: string | null): string {
  const { t } = useTranslation('quotes');
  const active = matchingPreset(from, to);
  if (active) return t(`dates.presets.${active}`);
  return from || to ? `${formatManualDate(from) || '…'} – ${formatManualDate(to) || '…'}` : t('dates.all');
}

/** Presets, calendar and manual entry; `onDone` closes the panel after a preset. */
export default function DateRangeFilter({ from, to, onChange, onDone }: Props & { onDone?: () => void }) {
  const { t, i18n } = useTranslation('quotes');
  const [draft, setDraft] = useState<[string | null, string | null]>([from, to]);
  useEffect(() => setDraft([from, to]), [from, to]);
  const active = matchingPreset(from, to);

  return (
    <DatesProvider settings={{ locale: i18n.language === 'en' ? 'en' : 'it', firstDayOfWeek: 1 }}>
      <Group align="flex-start" gap="xl" data-testid="date-panel">
        <Stack gap={4} miw={180}>
          {PRESETS.map((preset) => (
            <Button
              key={preset}
              size="xs"
              variant={active === preset ? 'filled' : 'subtle'}
              justify="flex-start"
              onClick={() => {
                const [a, b] = presetRange(preset);
                onChange(a, b);
                onDone?.();
              }}
            >
              {t(`dates.presets.${preset}`)}
            </Button>
          ))}
          <Divider my={4} />
          <Button size="xs" variant="subtle" color="gray" justify="flex-start" onClick={() => onChange(null, null)}>
            {t('dates.clear')}
          </Button>
        </Stack>
        <DatePicker
          type="range"
          allowSingleDateInRange
          minDate={MIN_DATE}
          maxDate={MAX_DATE}
          value={draft}
          defaultDate={from ?? to ?? presetRange('month')[0]}
          onChange={(value) => {
            const [a, b] = value as [string | null, string | null];
            setDraft([a, b]);
            if (a && b) onChange(a, b);
          }}
        />
        <Stack gap="xs">
          <ManualDate label={t('dates.from')} value={from} onValid={(iso) => onChange(iso, to)} />
          <ManualDate label={t('dates.to')} value={to} onValid={(iso) => onChange(from, iso)} />
        </Stack>
      </Group>
    </DatesProvider>
  );
}
