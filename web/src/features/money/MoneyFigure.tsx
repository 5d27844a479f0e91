/** One figure of a money screen: a small label over an amount in euros (red when negative). */
import { Paper, Text } from '@mantine/core';
import { euros } from './money';

export default function MoneyFigure({ label, cents, testId }: { label: string; cents: number; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Text size="xl" fw={700} data-testid={testId} c={cents < 0 ? 'red' : undefined}>{euros(cents)}</Text>
    </Paper>
  );
}
