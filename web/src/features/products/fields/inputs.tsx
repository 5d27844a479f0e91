/**
 * The inputs of the customer field types that are more than a text box: dates,
 * plates, claims history (ATR, with the responsibility: ./atrTable), make and model, registration and previous insurance (amounts:
 * the host API's AmountInput).
 * Each takes the field's value and gives back the next one. Light Mantine parts (text
 * inputs and checkboxes) but the date, the host API's DateField (dd/mm/yyyy whatever the
 * browser's language), which stays out of the login screen's JavaScript (its own entry).
 */
import { Anchor, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import DayInput from '../../../components/DayInput';
import { useTranslation } from 'react-i18next';
import { ATR_RECENT_YEARS, atrEntries, atrTotal, atrYearOf, atrYears, cleanShares, sharesText, withAtrYear } from './atrTable';
import {
  isValidDate,
  MAX_ATR_YEARS,
  MAX_DATE,
  MIN_DATE,
  normalisePlate,
  type AtrValue,
  type BrandModelValue,
  type PlateValue,
  type PreviousInsuranceValue,
  type RegistrationValue,
} from './validators';

export interface InputProps<T> {
  value: T | undefined;
  onChange: (next: T) => void;
  onBlur: () => void;
  /** Shown by the caller under composite inputs; simple inputs show it themselves. */
  error?: string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** 'GG/MM/AAAA' (or 'AAAA-MM-GG') to an ISO date within 1900..2099, else null (SPEC §5). */
export function parseItalianDate(text: string): string | null {
  const trimmed = text.trim();
  const italian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  const iso = italian ? `${italian[3]}-${italian[2]!.padStart(2, '0')}-${italian[1]!.padStart(2, '0')}` : trimmed;
  return isValidDate(iso) ? iso : null;
}

/**
 * A date (SPEC §5) within 1900..2099, shown and typed as GG/MM/AAAA with a calendar, whatever
 * the browser's language; the value is `AAAA-MM-GG`, null when empty. Text that is no date, or
 * a date out of range, says so under the field and gives null.
 */
export function DateField({
  label,
  required,
  value,
  onChange,
  onBlur,
  error,
}: InputProps<string | null> & { label: string; required?: boolean }) {
  return (
    <DayInput
      label={label}
      required={required}
      value={typeof value === 'string' ? value : null}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      min={MIN_DATE}
      max={MAX_DATE}
    />
  );
}

export function PlateInput({ value, onChange, onBlur, error }: InputProps<PlateValue>) {
  const { t } = useTranslation('fields');
  const current: PlateValue = isRecord(value) ? value : { value: typeof value === 'string' ? value : '' };
  return (
    <Group align="flex-end" grow preventGrowOverflow={false}>
      <TextInput
        label={t('plate.value')}
        placeholder={t('plate.placeholder')}
        value={current.value ?? ''}
        onChange={(e) => onChange({ ...current, value: normalisePlate(e.currentTarget.value) })}
        onBlur={onBlur}
        error={Boolean(error)}
        maxLength={10}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: 1 } }}
      />
      <TextInput
        label={t('plate.tipoBersani')}
        value={current.tipoBersani ?? ''}
        onChange={(e) => onChange({ ...current, tipoBersani: e.currentTarget.value })}
        onBlur={onBlur}
      />
      <Checkbox
        label={t('plate.targaAgev')}
        checked={current.targaAgev === true}
        onChange={(e) => {
          onChange({ ...current, targaAgev: e.currentTarget.checked });
          onBlur();
        }}
        mb={8}
      />
    </Group>
  );
}

/**
 * The risk certificate: per year the claims with main responsibility and the shares (%) of
 * those with equal responsibility ('50, 30'), the last five years first and up to ten on
 * request, with the total of the claims. The shares keep the text as typed ('50, ' while typing).
 */
export function AtrInput({ value, onChange, onBlur }: InputProps<AtrValue>) {
  const { t } = useTranslation('fields');
  const [count, setCount] = useState(ATR_RECENT_YEARS);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const entries = atrEntries(value);
  const years = atrYears(value, new Date(), count);
  const change = (year: string, principali: string, shares: string) => {
    setTyped((current) => ({ ...current, [year]: shares }));
    onChange(withAtrYear(value, year, principali, shares));
  };
  return (
    <Stack gap={6} maw={560}>
      <Table withTableBorder withColumnBorders verticalSpacing={4} data-testid="atr-input">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('atr.year')}</Table.Th>
            <Table.Th>{t('atr.principali')}</Table.Th>
            <Table.Th>{t('atr.paritarie')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {years.map((year) => {
            const entry = year in entries ? atrYearOf(entries[year]) : null;
            const main = entry ? String(entry.principali) : '';
            const shares = typed[year] ?? (entry ? sharesText(entry.paritarie) : '');
            return (
              <Table.Tr key={year}>
                <Table.Td>{year}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`${t('atr.principali')} ${year}`}
                    size="xs"
                    value={main}
                    onChange={(e) => change(year, e.currentTarget.value.replace(/\D/g, '').slice(0, 2), shares)}
                    onBlur={onBlur}
                    inputMode="numeric"
                    autoComplete="off"
                    w={90}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`${t('atr.paritarie')} ${year}`}
                    size="xs"
                    value={shares}
                    placeholder={t('atr.paritarieHint')}
                    onChange={(e) => change(year, main, cleanShares(e.currentTarget.value))}
                    onBlur={onBlur}
                    autoComplete="off"
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>{t('atr.total')}</Table.Th>
            <Table.Th colSpan={2} data-testid="atr-total">
              {atrTotal(value)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      <Text size="xs" c="dimmed">
        {t('atr.hint')}
      </Text>
      {years.length < MAX_ATR_YEARS ? (
        <Anchor
          component="button"
          type="button"
          size="sm"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => setCount(Math.max(count, years.length) + 1)}
          data-testid="atr-add-year"
        >
          {t('atr.addYear')}
        </Anchor>
      ) : null}
    </Stack>
  );
}

export function BrandModelInput({ value, onChange, onBlur, error }: InputProps<BrandModelValue>) {
  const { t } = useTranslation('fields');
  const current: BrandModelValue = isRecord(value) ? value : { brand: '', model: '' };
  return (
    <Group grow align="flex-start">
      <TextInput
        label={t('brandModel.brand')}
        value={current.brand ?? ''}
        onChange={(e) => onChange({ ...current, brand: e.currentTarget.value })}
        onBlur={onBlur}
        error={Boolean(error)}
      />
      <TextInput
        label={t('brandModel.model')}
        value={current.model ?? ''}
        onChange={(e) => onChange({ ...current, model: e.currentTarget.value })}
        onBlur={onBlur}
      />
    </Group>
  );
}

export function RegistrationInput({ value, onChange, onBlur }: InputProps<RegistrationValue>) {
  const { t } = useTranslation('fields');
  const isNew = isRecord(value) && value.isNew === true;
  const date = isRecord(value) && value.isNew === false ? value.date : null;
  return (
    <Group align="flex-end" gap="lg">
      <Checkbox
        label={t('registration.isNew')}
        checked={isNew}
        onChange={(e) => {
          onChange(e.currentTarget.checked ? { isNew: true } : { isNew: false, date: date ?? '' });
          onBlur();
        }}
        mb={8}
      />
      {!isNew && (
        <DateField
          label={t('registration.date')}
          value={date}
          onChange={(next) => onChange({ isNew: false, date: next ?? '' })}
          onBlur={onBlur}
        />
      )}
    </Group>
  );
}

export function PreviousInsuranceInput({ value, onChange, onBlur }: InputProps<PreviousInsuranceValue>) {
  const { t } = useTranslation('fields');
  const current: PreviousInsuranceValue = isRecord(value) ? value : { isInsured: false };
  return (
    <Group align="flex-end" gap="lg">
      <Checkbox
        label={t('previousInsurance.isInsured')}
        checked={current.isInsured === true}
        onChange={(e) => {
          const isInsured = e.currentTarget.checked;
          onChange(isInsured ? { ...current, isInsured } : { isInsured, ...(current.at ? { at: current.at } : {}) });
          onBlur();
        }}
        mb={8}
      />
      {current.isInsured && (
        <>
          <TextInput
            label={t('previousInsurance.company')}
            value={current.company ?? ''}
            onChange={(e) => onChange({ ...current, company: e.currentTarget.value })}
            onBlur={onBlur}
          />
          <DateField
            label={t('previousInsurance.exp')}
            value={current.exp ?? null}
            onChange={(next) => onChange({ ...current, exp: next ?? '' })}
            onBlur={onBlur}
          />
        </>
      )}
    </Group>
  );
}

export function Hint({ children }: { children: React.ReactNode }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  );
}
