/** The customer field definitions of a product: type, options, flags, order. */
import { ActionIcon, Badge, Button, CloseButton, Group, Input, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainSelect } from '@sportello/host-api';
import { CHOICE_TYPES, FIELD_TYPES, move, newField, uniqueFieldId, type DraftProblem, type FieldDraft } from './productForm';

interface Props {
  fields: FieldDraft[];
  onChange: (fields: FieldDraft[]) => void;
  problems: Record<string, DraftProblem>;
  /** Fields that came from the server keep their id unless edited by hand. */
  savedIds: ReadonlySet<string>;
}

export function FieldsEditor({ fields, onChange, problems, savedIds }: Props) {
  const { t } = useTranslation('products');
  const error = (path: string) => {
    const problem = problems[path];
    return problem ? t(problem.key, problem.vars) : undefined;
  };
  const typeOptions = FIELD_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }));
  const update = (index: number, patch: Partial<FieldDraft>) =>
    onChange(fields.map((field, i) => (i === index ? { ...field, ...patch } : field)));
  const rename = (index: number, name: string) => {
    const field = fields[index];
    if (!field) return;
    // a new field's id follows its label until someone edits the id itself
    const follows = !savedIds.has(field._id) && field._id === uniqueFieldId(field.name || 'campo', fields, index);
    update(index, follows ? { name, _id: uniqueFieldId(name || 'campo', fields, index) } : { name });
  };

  return (
    <Stack gap="sm" data-testid="fields-editor">
      {fields.length === 0 && <Text c="dimmed">{t('edit.noFields')}</Text>}
      {fields.map((field, index) => (
        <Paper key={index} withBorder radius="md" p="sm" data-testid="field-row">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('edit.fieldName')}
              value={field.name}
              onChange={(e) => rename(index, e.currentTarget.value)}
              error={error(`fields.${index}.name`)}
              required
              style={{ flex: '2 1 200px' }}
            />
            <TextInput
              label={t('edit.fieldId')}
              value={field._id}
              onChange={(e) => update(index, { _id: e.currentTarget.value })}
              error={error(`fields.${index}._id`)}
              ff="monospace"
              style={{ flex: '1 1 140px' }}
            />
            <div style={{ flex: '1 1 190px' }}>
              <PlainSelect
                label={t('edit.fieldType')}
                data={typeOptions}
                value={field.type}
                onChange={(type) => type && update(index, { type })}
                error={error(`fields.${index}.type`)}
              />
            </div>
            <Group gap={4} mt={24} wrap="nowrap">
              <ActionIcon title={t('edit.moveUp')} variant="subtle" disabled={index === 0} aria-label={t('edit.moveUp')}
                  onClick={() => onChange(move(fields, index, -1))}>
                  <IconArrowUp size={18} />
                </ActionIcon>
              <ActionIcon title={t('edit.moveDown')} variant="subtle" disabled={index === fields.length - 1} aria-label={t('edit.moveDown')}
                  onClick={() => onChange(move(fields, index, 1))}>
                  <IconArrowDown size={18} />
                </ActionIcon>
              <ActionIcon title={t('edit.remove')} variant="subtle" color="red" aria-label={t('edit.remove')}
                  onClick={() => onChange(fields.filter((_, i) => i !== index))}>
                  <IconTrash size={18} />
                </ActionIcon>
            </Group>
          </Group>
          {CHOICE_TYPES.includes(field.type) && (
            <OptionsInput
              options={field.options}
              onChange={(options) => update(index, { options })}
              error={error(`fields.${index}.options`)}
            />
          )}
          <Group gap="lg" mt="sm">
            <Switch label={t('edit.required')} checked={field.required}
              onChange={(e) => update(index, { required: e.currentTarget.checked })} />
            <Switch label={t('edit.hide')} checked={field.hide}
              onChange={(e) => update(index, { hide: e.currentTarget.checked })} />
          </Group>
        </Paper>
      ))}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => onChange([...fields, newField(fields)])}>
          {t('edit.addField')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The options of a choice field: removable badges and an input that adds one on Enter. */
function OptionsInput({ options, onChange, error }: { options: string[]; onChange: (options: string[]) => void; error?: string }) {
  const { t } = useTranslation('products');
  const [text, setText] = useState('');
  const add = () => {
    const option = text.trim();
    if (option && !options.includes(option)) onChange([...options, option]);
    setText('');
  };
  return (
    <Input.Wrapper mt="xs" label={t('edit.options')} error={error}>
      <Group gap={6} mb={options.length ? 6 : 0}>
        {options.map((option) => (
          <Badge key={option} variant="light" radius="sm" tt="none" pr={2}
            rightSection={<CloseButton size="xs" aria-label={`${t('edit.remove')} ${option}`}
              onClick={() => onChange(options.filter((o) => o !== option))} />}>
            {option}
          </Badge>
        ))}
      </Group>
      <TextInput
        aria-label={t('edit.options')}
        placeholder={t('edit.optionsPlaceholder')}
        value={text}
        error={Boolean(error)}
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={add}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          }
        }}
      />
    </Input.Wrapper>
  );
}
