/** A labelled read-only value: the small uppercase label above, '—' when empty. */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

export default function InfoField({
  label,
  value,
  size = 'md',
  testId,
}: {
  label: string;
  value: ReactNode;
  /** 'sm' in cards beside other figures. */
  size?: 'sm' | 'md';
  testId?: string;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size={size} fw={500} component="div" data-testid={testId}>
        {value || '—'}
      </Text>
    </div>
  );
}
