/**
 * The questionnaire's questions as a form, for the customer's page and the office alike: a card
 * per option for 'scelta' (a 44 px touch target on phones), a text box for 'testo'. `missing`
 * marks the required questions left empty.
 */
import { Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Question } from './api';
import { type Draft, MAX_ANSWER_TEXT } from './answers';

interface Props {
  questions: readonly Question[];
  draft: Draft;
  onChange: (draft: Draft) => void;
  disabled?: boolean;
  /** Ids of the required questions left empty at the last attempt to save. */
  missing?: ReadonlySet<string>;
}

export default function NeedsForm({ questions, draft, onChange, disabled = false, missing }: Props) {
  const { t } = useTranslation('needs');
  const set = (id: string, part: Partial<Draft[string]>) => onChange({ ...draft, [id]: { option: null, text: '', ...draft[id], ...part } });
  return (
    <Stack gap="md">
      {questions.map((q, n) => {
        const label = `${n + 1}. ${q.text}`;
        const error = missing?.has(q.id) ? t('form.required') : undefined;
        const answer = draft[q.id];
        return q.type === 'testo' ? (
          <Textarea
            key={q.id}
            label={label}
            withAsterisk={q.required}
            value={answer?.text ?? ''}
            onChange={(e) => set(q.id, { text: e.currentTarget.value })}
            disabled={disabled}
            error={error}
            autosize
            minRows={2}
            maxLength={MAX_ANSWER_TEXT}
            size="md"
            data-testid={`needs-question-${q.id}`}
          />
        ) : (
          <Radio.Group
            key={q.id}
            label={label}
            withAsterisk={q.required}
            value={answer?.option != null ? String(answer.option) : null}
            onChange={(value) => set(q.id, { option: Number(value) })}
            disabled={disabled}
            error={error}
            size="md"
            data-testid={`needs-question-${q.id}`}
          >
            <Stack gap={6} mt="xs">
              {q.options.map((option, index) => (
                <Radio.Card key={index} value={String(index)} disabled={disabled} radius="md" p="sm" mih={44} data-testid={`needs-option-${q.id}-${index}`}>
                  <Group wrap="nowrap" gap="sm" align="center">
                    <Radio.Indicator size="md" disabled={disabled} />
                    <Text size="md" style={{ overflowWrap: 'anywhere' }}>
                      {option.label}
                    </Text>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        );
      })}
    </Stack>
  );
}
