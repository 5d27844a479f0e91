/** A product's companies: commission, fees and the quote range (SPEC §3 'Company config'). */
import { ActionIcon, Button, Table, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '@sportello/host-api';
import type { CompanyDraft, DraftProblem } from './productForm';

interface Props {
  companies: CompanyDraft[];
  onChange: (companies: CompanyDraft[]) => void;
  problems: Record<string, DraftProblem>;
  /** Company names from the tenant's settings, offered as suggestions. */
  known: string[];
}

const NUMBERS = ['provv', 'istruttoria', 'qMin', 'qMax'] as const;

export function CompaniesEditor({ companies, onChange, problems, known }: Props) {
  const { t } = useTranslation('products');
  const listId = useId();
  const error = (path: string) => {
    const problem = problems[path];
    return problem ? t(problem.key, problem.vars) : undefined;
  };
  const update = (index: number, patch: Partial<CompanyDraft>) =>
    onChange(companies.map((company, i) => (i === index ? { ...company, ...patch } : company)));
  const add = () => onChange([...companies, { name: '', provv: 0, istruttoria: 0, qMin: 0, qMax: 0 }]);

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
        // a product's companies with their editable rates: not yet cards on a phone
        <Table.ScrollContainer minWidth={720} type="native" data-scroll-ok>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('edit.company')}</Table.Th>
                {NUMBERS.map((key) => (
                  <Table.Th key={key}>{t(`edit.${key}`)}</Table.Th>
                ))}
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {companies.map((company, index) => (
                <Table.Tr key={index} data-testid="company-row">
                  <Table.Td miw={180}>
                    <TextInput
                      aria-label={t('edit.company')}
                      list={listId}
                      value={company.name}
                      onChange={(e) => update(index, { name: e.currentTarget.value })}
                      error={error(`companies.${index}.name`)}
                    />
                  </Table.Td>
                  {NUMBERS.map((key) => (
                    <Table.Td key={key} miw={110}>
                      <AmountInput
                        aria-label={t(`edit.${key}`)}
                        value={company[key]}
                        suffix={key === 'qMin' || key === 'qMax' ? '%' : ''}
                        onChange={(value) => update(index, { [key]: value ?? 0 })}
                        onBlur={() => undefined}
                        error={error(`companies.${index}.${key}`)}
                      />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <ActionIcon title={t('edit.remove')} variant="subtle" color="red" aria-label={t('edit.remove')}
                        onClick={() => onChange(companies.filter((_, i) => i !== index))}>
                        <IconTrash size={18} />
                      </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} mt="sm">
        {t('edit.addCompany')}
      </Button>
    </div>
  );
}
