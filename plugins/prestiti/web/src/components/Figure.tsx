/** A labelled figure of a practice or an offer ('Durata' · '36 mesi'). */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

export default function Figure({ label, value, hint, testId }: { label: ReactNode; value: ReactNode; hint?: ReactNode; testId?: string }) {
  return (
    <div className="lo-figure" data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {label}
      </Text>
      <Text fw={700} size="lg" mt={2} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </div>
  );
}
