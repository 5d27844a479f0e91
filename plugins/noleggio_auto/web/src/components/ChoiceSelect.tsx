/** A native select in Mantine's input style (Mantine's Select would grow the shell's shared bundle). */
import { Input } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';

export interface Choice {
  value: string;
  label: string;
}

interface Props {
  label: ReactNode;
  data: Choice[];
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  'data-testid'?: string;
}

export default function ChoiceSelect(props: Props) {
  const { label, data, value, onChange, placeholder, description, error, required, disabled, ...rest } = props;
  const id = useId();
  return (
    <Input.Wrapper label={label} id={id} description={description} error={error} withAsterisk={required}>
      <Input
        component="select"
        id={id}
        value={value}
        disabled={disabled}
        error={Boolean(error)}
        onChange={(event: React.ChangeEvent<HTMLSelectElement>) => onChange(event.currentTarget.value)}
        rightSection={<IconChevronDown size={16} />}
        rightSectionPointerEvents="none"
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {data.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </Input>
    </Input.Wrapper>
  );
}
