/**
 * The CU class from a risk certificate (`rca.classe`): the ATR's years in a table (claims with
 * main responsibility, paritaria shares), an optional starting class, and the class the server
 * derives with one sentence per year; below, the class inherited from the household (legge
 * Bersani), for the plate's kind and owner: the class shown is the better of the two.
 */
import { ActionIcon, Alert, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalculator, IconCarCrash, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, Section, useHost } from '@sportello/host-api';
import ApplyingClass from '../components/ApplyingClass';
import HouseholdSection, { HouseholdOutcome, type Household } from '../components/HouseholdSection';
import { cuRequest, defaultAtrRows, nextAtrRow, rowsWithClaims, type AtrField, type AtrProblems, type AtrRow, type AtrYearPayload } from '../lib/atr';
import { asClassAnswer, bersaniPart, classRequest, naturalPersonOf, quotedKindOf, type ClassAnswer, type HouseholdProblems } from '../lib/bersani';
import { CALLS, NAMESPACE } from '../paths';

/** The vehicle the calculator is for: its plate, kind and owner's code. */
export interface CalculatorVehicle {
  targa: string;
  tipo: string;
  cf: string;
}

export default function CuCalculator({
  currentYear,
  vehicle,
  fromClaims = [],
}: {
  currentYear: number;
  vehicle: CalculatorVehicle;
  /** The certificate years the plate's settled claims make (empty: no button to use them). */
  fromClaims?: readonly AtrYearPayload[];
}) {
  const { t } = useTranslation(NAMESPACE);
  const host = useHost();
  const [rows, setRows] = useState<AtrRow[]>(() => defaultAtrRows(currentYear));
  const [start, setStart] = useState('');
  const [problems, setProblems] = useState<AtrProblems | null>(null);
  const [household, setHousehold] = useState<Household>(() => ({
    rows: [],
    options: { personaFisica: naturalPersonOf(vehicle.cf), tipo: quotedKindOf(vehicle.targa, [vehicle.tipo]), rinnovo: false },
  }));
  const [householdProblems, setHouseholdProblems] = useState<HouseholdProblems | null>(null);
  const [answer, setAnswer] = useState<ClassAnswer | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (index: number, field: AtrField, value: string) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
    setAnswer(null);
  };
  const problemOf = (index: number, field: AtrField) => {
    const key = problems?.rows[index]?.[field];
    return key ? t(key) : null;
  };

  const calculate = async () => {
    const { request, problems: found } = cuRequest(rows, start, currentYear);
    const { part, problems: householdFound } = bersaniPart(household.rows, household.options, Boolean(request?.atr.length));
    setProblems(found);
    setHouseholdProblems(householdFound);
    setRefusal(null);
    setAnswer(null);
    if (!request || householdFound) return;
    setBusy(true);
    try {
      const result = asClassAnswer(await host.call(CALLS.cuClass, classRequest(request, part)));
      if (result) setAnswer(result);
      else setRefusal(t('cu.error', { message: '' }));
    } catch (error) {
      setRefusal(t('cu.error', { message: errorMessage(error) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title={t('cu.title')} testId="cu-calculator">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('cu.intro')}
        </Text>
        <Table verticalSpacing={6} data-testid="atr-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('cu.year')}</Table.Th>
              <Table.Th>{t('cu.principali')}</Table.Th>
              <Table.Th>{t('cu.paritarie')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={index} data-testid="atr-row">
                <Table.Td>
                  <TextInput
                    size="sm"
                    inputMode="numeric"
                    maxLength={4}
                    aria-label={t('cu.year')}
                    value={row.anno}
                    onChange={(event) => change(index, 'anno', event.currentTarget.value)}
                    error={problemOf(index, 'anno')}
                    data-testid="atr-anno"
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="sm"
                    inputMode="numeric"
                    maxLength={2}
                    aria-label={`${t('cu.principali')} ${row.anno}`}
                    value={row.principali}
                    onChange={(event) => change(index, 'principali', event.currentTarget.value)}
                    error={problemOf(index, 'principali')}
                    data-testid="atr-principali"
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="sm"
                    aria-label={`${t('cu.paritarie')} ${row.anno}`}
                    placeholder={t('cu.paritarieHint')}
                    maxLength={40}
                    value={row.paritarie}
                    onChange={(event) => change(index, 'paritarie', event.currentTarget.value)}
                    error={problemOf(index, 'paritarie')}
                    data-testid="atr-paritarie"
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('cu.removeYear', { anno: row.anno })}
                    title={t('cu.removeYear', { anno: row.anno })}
                    onClick={() => {
                      setRows((current) => current.filter((_, i) => i !== index));
                      setProblems(null);
                      setAnswer(null);
                    }}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {problems?.table ? (
          <Text size="sm" c="var(--mantine-color-error)">
            {t(problems.table)}
          </Text>
        ) : null}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              setRows((current) => [...current, nextAtrRow(current, currentYear)]);
              setAnswer(null);
            }}
            data-testid="atr-add"
          >
            {t('cu.addYear')}
          </Button>
          {fromClaims.length ? (
            <Button
              variant="default"
              leftSection={<IconCarCrash size={16} />}
              title={t('cu.fromClaimsHint')}
              onClick={() => {
                setRows((current) => rowsWithClaims(current, fromClaims));
                setProblems(null);
                setAnswer(null);
              }}
              data-testid="atr-from-claims"
            >
              {t('cu.fromClaims')}
            </Button>
          ) : null}
          <TextInput
            w={200}
            inputMode="numeric"
            maxLength={2}
            label={t('cu.start')}
            placeholder="14"
            description={t('cu.startHint')}
            value={start}
            onChange={(event) => {
              setStart(event.currentTarget.value);
              setAnswer(null);
            }}
            error={problems?.classeIniziale ? t(problems.classeIniziale) : null}
            data-testid="atr-start"
          />
        </Group>
        <HouseholdSection
          host={host}
          embedded
          value={household}
          onChange={(next) => {
            setHousehold(next);
            setHouseholdProblems(null);
            setAnswer(null);
          }}
          problems={householdProblems}
          ownerCode={vehicle.cf}
          quotedPlate={vehicle.targa}
          testId="cu-bersani"
        />
        <Group justify="flex-end">
          <Button leftSection={<IconCalculator size={18} />} loading={busy} onClick={() => void calculate()} data-testid="cu-calculate">
            {t('cu.calculate')}
          </Button>
        </Group>
        {refusal ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid="cu-refusal">
            {refusal}
          </Alert>
        ) : null}
        {answer ? (
          <Stack gap="xs" data-testid="cu-result">
            <ApplyingClass answer={answer} testId="cu-class" />
            <Title order={5}>{t('cu.derivation')}</Title>
            <ol className="rca-steps" data-testid="cu-steps">
              {answer.passi.map((step, index) => (
                <li key={index}>
                  <Text size="sm">{step}</Text>
                </li>
              ))}
            </ol>
            <HouseholdOutcome result={{ status: 'ready', answer: answer.bersani }} testId="cu-bersani" />
          </Stack>
        ) : null}
      </Stack>
    </Section>
  );
}
