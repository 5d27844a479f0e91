/**
 * 'Classe ereditata (legge Bersani)': the household's insured vehicles (plate, kind, class of
 * their certificate, cohabiting or not), whether the owner is a natural person and whether the
 * contract is a renewal, the vehicles the register knows of the owner proposed on request
 * (`rca.targhe.famiglia`: the class is the user's to enter), and the server's answer: the class
 * inherited or why none, with its derivation. Controlled: the page holds the state and asks
 * `rca.classe` with it (lib/bersani.ts builds the part).
 */
import { ActionIcon, Alert, Button, Divider, Group, Loader, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconPlus, IconUsers, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, PlainSelect, Section, type HostContext } from '@sportello/host-api';
import {
  MAX_HOUSEHOLD,
  newHouseholdRow,
  proposedRows,
  type BersaniAnswer,
  type BersaniOptions,
  type HouseholdField,
  type HouseholdProblems,
  type HouseholdRow,
} from '../lib/bersani';
import { isOwnerCode } from '../lib/fiscalCode';
import { VEHICLE_KINDS, type VehicleKind } from '../lib/plates';
import { CALLS, NAMESPACE } from '../paths';
import { kindLabel } from './labels';

export interface Household {
  rows: HouseholdRow[];
  options: BersaniOptions;
}

/** What the server said of the part: nothing asked yet, waiting, its answer, or its refusal. */
export type HouseholdResult =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; answer: BersaniAnswer | null }
  | { status: 'error'; message: string };

export interface HouseholdSectionProps {
  host: Pick<HostContext, 'call'>;
  value: Household;
  onChange: (next: Household) => void;
  problems: HouseholdProblems | null;
  /** The server's answer, shown below the vehicles; left out, the page shows it where it wants (`HouseholdOutcome`). */
  result?: HouseholdResult;
  /** Inside another section (the calculator's): a divider and no card of its own. */
  embedded?: boolean;
  /** The owner's code, for the register's proposal ('' hides it). */
  ownerCode: string;
  /** The plate being quoted: never proposed as the household's. */
  quotedPlate: string | null;
  testId: string;
}

/** The class inherited or why none, and the rule's derivation. */
export function HouseholdOutcome({ result, testId }: { result: HouseholdResult; testId: string }) {
  const { t } = useTranslation(NAMESPACE);
  if (result.status === 'none') return null;
  if (result.status === 'loading') return <Loader size="sm" />;
  if (result.status === 'error') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid={`${testId}-error`}>
        {t('cu.error', { message: result.message })}
      </Alert>
    );
  }
  const { answer } = result;
  if (!answer) return null;
  return (
    <Stack gap="xs" data-testid={`${testId}-result`} data-class={answer.classe ?? ''}>
      {answer.classe !== null ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck />}>
          {t('bersani.inherited', { classe: answer.classe, targa: answer.targa ?? '' })}
        </Alert>
      ) : (
        <Alert color="gray" variant="light" icon={<IconInfoCircle />}>
          {t('bersani.none', { motivo: answer.motivo })}
        </Alert>
      )}
      <Title order={5}>{t('bersani.derivation')}</Title>
      <ol className="rca-steps" data-testid={`${testId}-steps`}>
        {answer.passi.map((step, index) => (
          <li key={index}>
            <Text size="sm">{step}</Text>
          </li>
        ))}
      </ol>
    </Stack>
  );
}

export default function HouseholdSection({ host, value, onChange, problems, result, embedded, ownerCode, quotedPlate, testId }: HouseholdSectionProps) {
  const { t } = useTranslation(NAMESPACE);
  const [proposing, setProposing] = useState(false);
  const [proposal, setProposal] = useState<string | null>(null);
  const { rows, options } = value;
  const kinds = VEHICLE_KINDS.map((kind) => ({ value: kind, label: kindLabel(t, kind) }));

  const setRows = (next: HouseholdRow[]) => onChange({ rows: next, options });
  const setOptions = (next: Partial<BersaniOptions>) => onChange({ rows, options: { ...options, ...next } });
  const change = (index: number, next: Partial<HouseholdRow>) => setRows(rows.map((row, i) => (i === index ? { ...row, ...next } : row)));
  // a row just added says nothing until something is typed in it
  const untouched = (row: HouseholdRow) => !row.targa.trim() && !row.classe.trim();
  const problemOf = (index: number, field: HouseholdField) => {
    const problem = untouched(rows[index]!) ? null : problems?.rows[index]?.[field];
    return problem ? ('message' in problem ? problem.message : t(problem.key)) : null;
  };

  const propose = async () => {
    setProposing(true);
    setProposal(null);
    try {
      const found = proposedRows(await host.call(CALLS.family, { cf: ownerCode }), rows, quotedPlate);
      if (found.length) setRows([...rows, ...found]);
      setProposal(found.length ? t('bersani.proposed', { count: found.length }) : t('bersani.proposedNone'));
    } catch (error) {
      setProposal(t('cu.error', { message: errorMessage(error) }));
    } finally {
      setProposing(false);
    }
  };

  const content = (
    <Stack gap="md" data-testid={embedded ? testId : undefined}>
      {embedded ? <Divider label={t('bersani.title')} labelPosition="left" /> : null}
      <Text size="sm" c="dimmed">
        {t('bersani.intro')}
      </Text>
      <Group gap="lg" align="flex-end" wrap="wrap">
        <PlainSelect
          label={t('bersani.kind')}
          data={kinds}
          value={options.tipo}
          onChange={(kind) => setOptions({ tipo: kind as VehicleKind })}
          w={220}
          data-testid={`${testId}-kind`}
        />
        <Switch
          label={t('bersani.naturalPerson')}
          description={t('bersani.naturalPersonHint')}
          checked={options.personaFisica}
          onChange={(event) => setOptions({ personaFisica: event.currentTarget.checked })}
          data-testid={`${testId}-person`}
        />
        <Switch
          label={t('bersani.renewal')}
          description={t('bersani.renewalHint')}
          checked={options.rinnovo}
          onChange={(event) => setOptions({ rinnovo: event.currentTarget.checked })}
          data-testid={`${testId}-renewal`}
        />
      </Group>
      {rows.length ? (
        <Table verticalSpacing={6} data-testid={`${testId}-table`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.targa')}</Table.Th>
              <Table.Th>{t('columns.tipo')}</Table.Th>
              <Table.Th>{t('bersani.class')}</Table.Th>
              <Table.Th>{t('bersani.cohabiting')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={index} data-testid={`${testId}-row`}>
                <Table.Td>
                  <TextInput
                    size="sm"
                    aria-label={t('bersani.plateOf', { n: index + 1 })}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    maxLength={20}
                    value={row.targa}
                    onChange={(event) => change(index, { targa: event.currentTarget.value })}
                    error={problemOf(index, 'targa')}
                    data-testid={`${testId}-targa`}
                  />
                </Table.Td>
                <Table.Td>
                  <PlainSelect
                    aria-label={t('bersani.kindOf', { n: index + 1 })}
                    data={kinds}
                    value={row.tipo}
                    onChange={(kind) => change(index, { tipo: kind as VehicleKind })}
                    data-testid={`${testId}-tipo`}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="sm"
                    w={80}
                    inputMode="numeric"
                    maxLength={2}
                    aria-label={t('bersani.classOf', { n: index + 1 })}
                    placeholder="1–18"
                    value={row.classe}
                    onChange={(event) => change(index, { classe: event.currentTarget.value })}
                    error={problemOf(index, 'classe')}
                    data-testid={`${testId}-classe`}
                  />
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={t('bersani.cohabitingOf', { n: index + 1 })}
                    checked={row.convivente}
                    onChange={(event) => change(index, { convivente: event.currentTarget.checked })}
                    data-testid={`${testId}-convivente`}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('bersani.remove', { n: index + 1 })}
                    title={t('bersani.remove', { n: index + 1 })}
                    onClick={() => setRows(rows.filter((_, i) => i !== index))}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
          {t('bersani.empty')}
        </Text>
      )}
      {problems?.table ? (
        <Text size="sm" c="var(--mantine-color-error)" data-testid={`${testId}-problem`}>
          {t(problems.table)}
        </Text>
      ) : problems ? (
        <Text size="sm" c="dimmed" data-testid={`${testId}-incomplete`}>
          {t('bersani.incomplete')}
        </Text>
      ) : null}
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          disabled={rows.length >= MAX_HOUSEHOLD}
          onClick={() => setRows([...rows, newHouseholdRow()])}
          data-testid={`${testId}-add`}
        >
          {t('bersani.add')}
        </Button>
        {isOwnerCode(ownerCode) ? (
          <Button
            variant="default"
            leftSection={<IconUsers size={16} />}
            loading={proposing}
            disabled={rows.length >= MAX_HOUSEHOLD}
            onClick={() => void propose()}
            data-testid={`${testId}-propose`}
          >
            {t('bersani.propose')}
          </Button>
        ) : null}
        {proposal ? (
          <Text size="sm" c="dimmed" data-testid={`${testId}-proposal`}>
            {proposal}
          </Text>
        ) : null}
      </Group>
      {result ? <HouseholdOutcome result={result} testId={testId} /> : null}
    </Stack>
  );
  if (embedded) return content;
  return (
    <Section title={t('bersani.title')} testId={testId}>
      {content}
    </Section>
  );
}
