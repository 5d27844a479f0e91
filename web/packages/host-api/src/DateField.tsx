/**
 * A calendar day, shown and typed as dd/mm/yyyy whatever the browser's language (a native
 * `<input type="date">` follows the browser: mm/dd/yyyy in an English one): Mantine's DateInput
 * with dayjs's Italian locale and a calendar from Monday. The value is an ISO day
 * ('2026-03-05') or null; `min`/`max` bound it, and text that is no day, or a day out of bounds,
 * says so under the field instead of being dropped silently.
 *
 * Imported as `@sportello/host-api/DateField`, not from the package's index: it brings
 * @mantine/dates, its styles and the dayjs locale, which the login screen must not download.
 * DateInput comes from its own file for the reason `features/quotes/components/datePicker.ts`
 * gives: the package's index would name many more @mantine/core parts.
 */
import type { DateInput as DateInputType, DatesProvider as DatesProviderType } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/it';
import { useState, type FocusEvent, type ReactNode } from 'react';
// @ts-expect-error the package's export map hides its per-component files (same code, no types)
import { DateInput as DateInputImpl } from '../../../node_modules/@mantine/dates/esm/components/DateInput/DateInput.mjs';
// @ts-expect-error as above
import { DatesProvider as DatesProviderImpl } from '../../../node_modules/@mantine/dates/esm/components/DatesProvider/DatesProvider.mjs';
import '@mantine/dates/styles.css';
import './DateField.css';
import { formatDay } from './format';

const DateInput = DateInputImpl as typeof DateInputType;
const DatesProvider = DatesProviderImpl as typeof DatesProviderType;

export const DAY_FORMAT = 'DD/MM/YYYY';
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TYPED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** Whether `iso` names a real calendar day ('2026-02-30' does not). */
export function isIsoDay(iso: string): boolean {
  const match = ISO_DAY.exec(iso);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** What was typed ('5/3/2026', '05.03.2026', or '2026-03-05') as an ISO day; null if no day. */
export function parseDay(text: string): string | null {
  const trimmed = text.trim();
  const typed = TYPED.exec(trimmed);
  const iso = typed ? `${typed[3]}-${typed[2]!.padStart(2, '0')}-${typed[1]!.padStart(2, '0')}` : trimmed;
  return isIsoDay(iso) ? iso : null;
}

/** Why a day cannot be taken, or null: ISO days compare as text. */
export function dayProblem(
  iso: string | null,
  { min, max }: { min?: string; max?: string },
  messages: DateFieldMessages,
): string | null {
  if (iso === null) return messages.invalid;
  if (min && iso < min) return messages.before(formatDay(min));
  if (max && iso > max) return messages.after(formatDay(max));
  return null;
}

export interface DateFieldMessages {
  invalid: string;
  before: (min: string) => string;
  after: (max: string) => string;
  /** What a screen reader says of the clear button and the calendar's controls. */
  controls?: DateFieldControls;
}

export interface DateFieldControls {
  clear: string;
  previousMonth: string;
  nextMonth: string;
  previousYear: string;
  nextYear: string;
  previousDecade: string;
  nextDecade: string;
}

const CONTROLS_IT: DateFieldControls = {
  clear: 'Cancella la data',
  previousMonth: 'Mese precedente',
  nextMonth: 'Mese successivo',
  previousYear: 'Anno precedente',
  nextYear: 'Anno successivo',
  previousDecade: 'Decennio precedente',
  nextDecade: 'Decennio successivo',
};

/** Italian by default; a screen in another language passes its own. */
export const DATE_MESSAGES_IT: DateFieldMessages = {
  invalid: 'Data non valida: scrivila come gg/mm/aaaa',
  before: (min) => `La data non può essere prima del ${min}`,
  after: (max) => `La data non può essere dopo il ${max}`,
  controls: CONTROLS_IT,
};

export interface DateFieldProps {
  label?: ReactNode;
  /** An ISO day ('2026-03-05') or null. */
  value: string | null | undefined;
  /** An ISO day, or null when emptied; text that is no day (or out of bounds) is not passed on. */
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  /** Earliest and latest ISO day accepted. */
  min?: string;
  max?: string;
  required?: boolean;
  disabled?: boolean;
  clearable?: boolean;
  /** An error the caller shows (a rule of its own); the field's own problems show otherwise. */
  error?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  /** dayjs locale: 'it' (the default) or 'en'; the shown format stays dd/mm/yyyy. */
  locale?: string;
  messages?: DateFieldMessages;
  'aria-label'?: string;
  'data-testid'?: string;
}

export default function DateField({
  label,
  value,
  onChange,
  onBlur,
  min,
  max,
  required,
  disabled,
  clearable = !required,
  error,
  description,
  placeholder = 'gg/mm/aaaa',
  locale = 'it',
  messages = DATE_MESSAGES_IT,
  ...rest
}: DateFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const current = typeof value === 'string' && isIsoDay(value) ? value : null;
  const controls = messages.controls ?? CONTROLS_IT;
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>
      <DateInput
        label={label}
        description={description}
        withAsterisk={required}
        disabled={disabled}
        clearable={clearable}
        placeholder={placeholder}
        valueFormat={DAY_FORMAT}
        clearButtonProps={{ 'aria-label': controls.clear }}
        ariaLabels={{
          previousMonth: controls.previousMonth,
          nextMonth: controls.nextMonth,
          previousYear: controls.previousYear,
          nextYear: controls.nextYear,
          previousDecade: controls.previousDecade,
          nextDecade: controls.nextDecade,
          // the month and year above the days ('giugno 2027') name the button that goes up a
          // level: a label of its own would hide the words shown (WCAG 2.5.3, label in name)
        }}
        // the calendar's days read on the page (see ./DateField.css); the adjacent months' days,
        // which Mantine shows at half opacity, are left out
        classNames={{ day: 'sp-date-day' }}
        hideOutsideDates
        value={current}
        minDate={min}
        maxDate={max}
        fixOnBlur={false}
        // typing: a day in bounds is taken at once (DateInput checks the bounds too)
        dateParser={(text: string) => {
          const iso = parseDay(text);
          if (iso !== null && dayProblem(iso, { min, max }, messages) === null) setProblem(null);
          return iso;
        }}
        onChange={(next: string | null) => {
          setProblem(null);
          onChange(next ? dayjs(next).format('YYYY-MM-DD') : null);
        }}
        // leaving the field: text that is no day, or a day out of bounds, says why
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          const text = event.currentTarget.value;
          const found = text.trim() ? dayProblem(parseDay(text), { min, max }, messages) : null;
          setProblem(found);
          if (found !== null && current !== null) onChange(null);
          onBlur?.();
        }}
        error={error ?? problem}
        {...rest}
      />
    </DatesProvider>
  );
}
