/**
 * A labelled figure of a practice or an offer ('Durata' · '36 mesi'), with a hint under it; laid
 * out in a `sp-figures` grid (`@sportello/host-api/line.css`).
 */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FigureProps {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  testId?: string;
}

export default function Figure({ label, value, hint, testId }: FigureProps) {
  return (
    <div className="sp-figure" data-testid={testId}>
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
