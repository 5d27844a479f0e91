/** A card of a line's page or form: its title (with its step number in a creation form) and actions beside it. */
import { Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SectionProps {
  title: ReactNode;
  /** The step of a creation form, shown in a circle before the title. */
  step?: number;
  /** Buttons at the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

export default function Section({ title, step, actions, children, testId }: SectionProps) {
  return (
    <Paper withBorder radius="lg" shadow="xs" p="lg" data-testid={testId}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          {step ? (
            <ThemeIcon size={28} radius="xl" variant="light">
              <Text size="sm" fw={700}>
                {step}
              </Text>
            </ThemeIcon>
          ) : null}
          <Title order={4}>{title}</Title>
        </Group>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
