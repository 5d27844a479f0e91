/**
 * An amount (SPEC §5 'Currency input'): a suffix ('€' by default), no negatives, two decimals
 * for euro or none for whole numbers, it-IT grouping once left ('2.500,00'), plain while edited.
 * The value is the number, null when empty.
 */
import { TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { cleanNumber, editNumber, formatNumber, parseNumber } from './numbers';

export interface AmountInputProps {
  label?: ReactNode;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  /** 2 for euro amounts (the default), 0 for whole numbers. */
  decimals?: 0 | 2;
  suffix?: string;
  error?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}

const STYLES = {
  input: { fontVariantNumeric: 'tabular-nums' },
  section: { color: 'var(--mantine-color-dimmed)', fontSize: 'var(--mantine-font-size-sm)' },
} as const;

export default function AmountInput({
  label,
  value,
  onChange,
  onBlur,
  decimals = 2,
  suffix = '€',
  error,
  description,
  required,
  disabled,
  ...rest
}: AmountInputProps) {
  const current = typeof value === 'number' ? value : null;
  const [focused, setFocused] = useState(false);
  const [text, setText] = useState(() => formatNumber(current, decimals));
  // What was typed, unless the value was changed from outside since.
  const shown =
    parseNumber(text, decimals) === current ? text : focused ? editNumber(current) : formatNumber(current, decimals);
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
        // the shown text stays (it parses back to the same number): typing replaces the selection
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
        setText(formatNumber(current, decimals));
        onBlur?.();
      }}
      error={error}
      {...rest}
    />
  );
}
