/** A labelled read-only value: the small uppercase label above, '—' when empty. */
import { Text } from '@mantine/core';

export default function InfoField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={500} data-testid={testId}>
        {value || '—'}
      </Text>
    </div>
  );
}
