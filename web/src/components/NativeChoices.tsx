/**
 * Small native controls for screens that load with their route: a radio list, a multi-line
 * text box and a copy button. Built on the browser's own elements (and Mantine's Input, already
 * shared) so that no new Mantine component joins the shared bundle the login screen downloads.
 */
import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export interface Choice {
  value: string;
  label: ReactNode;
}

export function RadioList({ name, label, value, choices, onChange, testId }: { name: string; label?: string; value: string | null; choices: Choice[]; onChange: (value: string) => void; testId?: string }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }} data-testid={testId}>
      {label ? (
        <Text component="legend" fw={500} size="sm" mb={6}>
          {label}
        </Text>
      ) : null}
      <Stack gap={6}>
        {choices.map((choice) => (
          <label key={choice.value} style={{ display: 'flex', gap: 8, alignItems: 'center', cursor: 'pointer' }}>
            <input type="radio" name={name} value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} data-testid={`${testId ?? name}-${choice.value}`} />
            <Text size="sm" component="span">
              {choice.label}
            </Text>
          </label>
        ))}
      </Stack>
    </fieldset>
  );
}

export function TextArea({ label, description, value, onChange, maxLength, rows = 3, testId }: { label: string; description?: string; value: string; onChange: (value: string) => void; maxLength?: number; rows?: number; testId?: string }) {
  return (
    <Input.Wrapper label={label} description={description}>
      <Input component="textarea" rows={rows} value={value} maxLength={maxLength} onChange={(e) => onChange((e.currentTarget as HTMLTextAreaElement).value)} data-testid={testId} styles={{ input: { minHeight: rows * 24, paddingTop: 8, paddingBottom: 8 } }} />
    </Input.Wrapper>
  );
}

export function CopyText({ value, copy, copied }: { value: string; copy: string; copied: string }) {
  const [done, setDone] = useState(false);
  return (
    <Group gap="xs">
      <Button
        size="compact-xs"
        variant="light"
        onClick={() =>
          void navigator.clipboard?.writeText(value).then(() => {
            setDone(true);
            setTimeout(() => setDone(false), 1500);
          })
        }
      >
        {done ? copied : copy}
      </Button>
    </Group>
  );
}
