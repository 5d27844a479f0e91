/** A card of a form or page, with its title (and step number in the creation form). */
import { Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  title: ReactNode;
  step?: number;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

export default function Section({ title, step, actions, children, testId }: Props) {
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
