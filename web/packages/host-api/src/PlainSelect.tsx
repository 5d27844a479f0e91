/**
 * A native select in Mantine's input style. Mantine's own Select and NativeSelect would add
 * Combobox parts to the shared Mantine bundle every page downloads (see features/quotes/components/datePicker.ts).
 * With a `placeholder` the first option is empty (its value ''), so the choice can be undone.
 */
import { Input } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';

export interface PlainOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export default function PlainSelect({
  label,
  data,
  value,
  onChange,
  onBlur,
  disabled,
  w,
  placeholder,
  description,
  error,
  withAsterisk,
  ...rest
}: {
  label?: ReactNode;
  data: (PlainOption | string)[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  w?: number | string;
  placeholder?: string;
  description?: ReactNode;
  error?: ReactNode;
  withAsterisk?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  const id = useId();
  const wrapped = Boolean(label || description || error);
  const select = (
    <Input
      component="select"
      id={id}
      value={value}
      onChange={(event: React.ChangeEvent<HTMLSelectElement>) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      disabled={disabled}
      error={Boolean(error)}
      rightSection={<IconChevronDown size={16} />}
      rightSectionPointerEvents="none"
      w={wrapped ? undefined : w}
      {...rest}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {data.map((option) => {
        const o = typeof option === 'string' ? { value: option, label: option } : option;
        return (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        );
      })}
    </Input>
  );
  return wrapped ? (
    <Input.Wrapper label={label} id={id} w={w} description={description} error={error} withAsterisk={withAsterisk}>
      {select}
    </Input.Wrapper>
  ) : (
    select
  );
}
