/**
 * One question of the questionnaire editor: its id, text, type and whether it is required;
 * for 'scelta', its 2..8 options, each with "coerente con il prodotto". Moves and removal are
 * the caller's (the list's order is the form's).
 */
import { ActionIcon, Button, Group, Paper, SegmentedControl, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { NeedsOption, Question, QuestionType } from './api';
import { LIMITS, withType } from './questionnaire';

interface Props {
  question: Question;
  index: number;
  count: number;
  onChange: (question: Question) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function OptionRow({ option, n, canRemove, onChange, onRemove }: { option: NeedsOption; n: number; canRemove: boolean; onChange: (o: NeedsOption) => void; onRemove: () => void }) {
  const { t } = useTranslation('needs');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="needs-option-row">
      <TextInput
        label={t('editor.option', { n })}
        value={option.label}
        onChange={(e) => onChange({ ...option, label: e.currentTarget.value })}
        maxLength={LIMITS.label}
        size="md"
        style={{ flex: '1 1 14rem', minWidth: 0 }}
      />
      <Group gap="sm" wrap="nowrap" style={{ flex: '0 1 auto' }}>
        <Switch
          label={t('editor.coerente')}
          checked={option.coerente}
          onChange={(e) => onChange({ ...option, coerente: e.currentTarget.checked })}
          size="md"
          styles={{ body: { alignItems: 'center', minHeight: 44 } }}
          data-testid="needs-option-coerente"
        />
        <ActionIcon size={44} variant="subtle" color="red" disabled={!canRemove} onClick={onRemove} aria-label={t('editor.removeOption', { n })}>
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
    </Group>
  );
}

export default function QuestionEditor({ question, index, count, onChange, onMove, onRemove }: Props) {
  const { t } = useTranslation('needs');
  const n = index + 1;
  const setOption = (i: number, option: NeedsOption) => onChange({ ...question, options: question.options.map((o, j) => (j === i ? option : o)) });
  return (
    <Paper withBorder radius="md" p="md" data-testid="needs-question-editor">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{t('editor.question', { n })}</Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon size={44} variant="subtle" disabled={index === 0} onClick={() => onMove(-1)} aria-label={t('editor.up', { n })} data-testid="needs-up">
              <IconArrowUp size={18} />
            </ActionIcon>
            <ActionIcon size={44} variant="subtle" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={t('editor.down', { n })} data-testid="needs-down">
              <IconArrowDown size={18} />
            </ActionIcon>
            <ActionIcon size={44} variant="subtle" color="red" onClick={onRemove} aria-label={t('editor.remove', { n })} data-testid="needs-remove">
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Group>
        <Textarea
          label={t('editor.text')}
          value={question.text}
          onChange={(e) => onChange({ ...question, text: e.currentTarget.value })}
          maxLength={LIMITS.text}
          autosize
          minRows={1}
          size="md"
          data-testid="needs-question-text"
        />
        <Group gap="md" align="flex-end" wrap="wrap">
          <TextInput
            label={t('editor.id')}
            description={t('editor.idHelp')}
            value={question.id}
            onChange={(e) => onChange({ ...question, id: e.currentTarget.value })}
            maxLength={40}
            size="md"
            style={{ flex: '1 1 12rem', minWidth: 0 }}
            data-testid="needs-question-id"
          />
          <SegmentedControl
            value={question.type}
            onChange={(value) => onChange(withType(question, value as QuestionType))}
            data={[
              { value: 'scelta', label: t('editor.scelta') },
              { value: 'testo', label: t('editor.testo') },
            ]}
            size="md"
            aria-label={t('editor.type')}
            data-testid="needs-question-type"
          />
          <Switch
            label={t('editor.required')}
            checked={question.required}
            onChange={(e) => onChange({ ...question, required: e.currentTarget.checked })}
            size="md"
            styles={{ body: { alignItems: 'center', minHeight: 44 } }}
            data-testid="needs-question-required"
          />
        </Group>
        {question.type === 'scelta' ? (
          <Stack gap="xs">
            {question.options.map((option, i) => (
              <OptionRow
                key={i}
                option={option}
                n={i + 1}
                canRemove={question.options.length > LIMITS.minOptions}
                onChange={(o) => setOption(i, o)}
                onRemove={() => onChange({ ...question, options: question.options.filter((_, j) => j !== i) })}
              />
            ))}
            <Group>
              <Button
                size="md"
                variant="subtle"
                leftSection={<IconPlus size={16} />}
                disabled={question.options.length >= LIMITS.maxOptions}
                onClick={() => onChange({ ...question, options: [...question.options, { label: '', coerente: true }] })}
                data-testid="needs-add-option"
              >
                {t('editor.addOption')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
