/** The answers that do not fit the product proposed, each question with its answer. */
import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Mismatch } from './api';

export default function MismatchAlert({ mismatches, color, title }: { mismatches: readonly Mismatch[]; color: 'orange' | 'yellow'; title: string }) {
  if (mismatches.length === 0) return null;
  return (
    <Alert color={color} variant="light" icon={<IconAlertTriangle />} title={title} data-testid="needs-mismatch">
      <List size="sm" spacing={4}>
        {mismatches.map((m, i) => (
          <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
            <Text span size="sm">
              {m.question}
            </Text>{' '}
            <Text span size="sm" fw={600}>
              «{m.answer}»
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
