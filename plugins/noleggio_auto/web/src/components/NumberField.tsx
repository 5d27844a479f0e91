/**
 * A number typed in it-IT style (SPEC §5 'Currency input': suffix, no negatives, two decimals for
 * euro): grouped when left ('2.500,00'), plain while edited. The value is the number, null when empty.
 */
import { TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { cleanNumber, editNumber, formatNumber, parseNumber } from '../lib/money';

interface Props {
  label: ReactNode;
  value: number | null;
  onChange: (value: number | null) => void;
  /** 2 for euro amounts, 0 for whole numbers. */
  decimals: 0 | 2;
  suffix?: string;
  error?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  'data-testid'?: string;
}

const STYLES = {
  input: { fontVariantNumeric: 'tabular-nums' },
  section: { color: 'var(--mantine-color-dimmed)', fontSize: 'var(--mantine-font-size-sm)' },
} as const;

export default function NumberField({ label, value, onChange, decimals, suffix, error, description, required, disabled, ...rest }: Props) {
  const [focused, setFocused] = useState(false);
  const [text, setText] = useState(() => formatNumber(value, decimals));
  // what was typed, unless the value was changed from outside since
  const shown = parseNumber(text, decimals) === value ? text : focused ? editNumber(value) : formatNumber(value, decimals);
  return (
    <TextInput
      label={label}
      description={description}
      withAsterisk={required}
      disabled={disabled}
      value={shown}
      inputMode={decimals ? 'decimal' : 'numeric'}
      autoComplete="off"
      rightSection={suffix}
      rightSectionWidth={suffix && suffix.length > 2 ? 64 : undefined}
      rightSectionPointerEvents="none"
      styles={STYLES}
      onFocus={(event) => {
        setFocused(true);
        event.currentTarget.select();
      }}
      onChange={(event) => {
        const cleaned = cleanNumber(event.currentTarget.value, decimals);
        setText(cleaned);
        onChange(parseNumber(cleaned, decimals));
      }}
      onBlur={() => {
        setFocused(false);
        setText(formatNumber(value, decimals));
      }}
      error={error}
      {...rest}
    />
  );
}
