/** The saved answers read-only: each question and what was answered; a misfit answer in orange. */
import { Stack, Text } from '@mantine/core';
import type { AnsweredQuestion } from './api';

export default function AnswersList({ answers }: { answers: readonly AnsweredQuestion[] }) {
  return (
    <Stack gap={6}>
      {answers.map((a) => (
        <div key={a.id} style={{ minWidth: 0 }} data-testid={`needs-answer-${a.id}`}>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {a.question}
          </Text>
          <Text size="sm" fw={600} c={a.coerente ? undefined : 'orange'} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {a.answer}
          </Text>
        </div>
      ))}
    </Stack>
  );
}
