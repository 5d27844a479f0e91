/** A product's companies: commission, fees and the quote range (SPEC §3 'Company config'). */
import { ActionIcon, Box, Button, Group, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AmountInput, ListTable, useBelow, type ListColumn } from '@sportello/host-api';
import type { CompanyDraft, DraftProblem } from './productForm';

interface Props {
  companies: CompanyDraft[];
  onChange: (companies: CompanyDraft[]) => void;
  problems: Record<string, DraftProblem>;
  /** Company names from the tenant's settings, offered as suggestions. */
  known: string[];
}

const NUMBERS = ['provv', 'istruttoria', 'qMin', 'qMax'] as const;

/** A company with its place in the list (the draft's companies have no id of their own). */
interface Row {
  company: CompanyDraft;
  index: number;
}

export function CompaniesEditor({ companies, onChange, problems, known }: Props) {
  const { t } = useTranslation('products');
  const listId = useId();
  const phone = useBelow('sm');
  const error = (path: string) => {
    const problem = problems[path];
    return problem ? t(problem.key, problem.vars) : undefined;
  };
  const update = (index: number, patch: Partial<CompanyDraft>) =>
    onChange(companies.map((company, i) => (i === index ? { ...company, ...patch } : company)));
  const add = () => onChange([...companies, { name: '', provv: 0, istruttoria: 0, qMin: 0, qMax: 0 }]);

  const rows = companies.map((company, index) => ({ company, index }));
  const remove = (index: number) => (
    <ActionIcon title={t('edit.remove')} variant="subtle" color="red" aria-label={t('edit.remove')}
      onClick={() => onChange(companies.filter((_, i) => i !== index))}>
      <IconTrash size={18} />
    </ActionIcon>
  );
  const name = ({ company, index }: Row) => (
    <TextInput
      aria-label={t('edit.company')}
      list={listId}
      value={company.name}
      onChange={(e) => update(index, { name: e.currentTarget.value })}
      error={error(`companies.${index}.name`)}
    />
  );
  // on a phone a card per company: its name and the button removing it at the head, the four
  // figures two to a line, each under its label
  const columns: ListColumn<Row>[] = [
    {
      key: 'name',
      header: t('edit.company'),
      card: 'title',
      td: { miw: 180 },
      cell: (row) =>
        phone ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Box flex={1}>{name(row)}</Box>
            {remove(row.index)}
          </Group>
        ) : (
          name(row)
        ),
    },
    ...NUMBERS.map((key): ListColumn<Row> => ({
      key,
      header: t(`edit.${key}`),
      td: { miw: 110 },
      cell: ({ company, index }) => (
        <AmountInput
          aria-label={t(`edit.${key}`)}
          value={company[key]}
          suffix={key === 'qMin' || key === 'qMax' ? '%' : ''}
          onChange={(value) => update(index, { [key]: value ?? 0 })}
          onBlur={() => undefined}
          error={error(`companies.${index}.${key}`)}
        />
      ),
    })),
    { key: 'remove', header: '', card: 'hidden', th: { w: 48 }, cell: ({ index }) => remove(index) },
  ];

  return (
    <div data-testid="companies-editor">
      <datalist id={listId}>
        {known.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {companies.length === 0 ? (
        <Text c="dimmed" mb="sm">
          {t('edit.noCompanies')}
        </Text>
      ) : (
        <ListTable
          rows={rows}
          columns={columns}
          rowKey={({ index }) => String(index)}
          rowProps={() => ({ 'data-testid': 'company-row' })}
          minWidth={720}
          label={t('edit.companiesTitle')}
          table={{ verticalSpacing: 'xs' }}
        />
      )}
      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} mt="sm">
        {t('edit.addCompany')}
      </Button>
    </div>
  );
}
