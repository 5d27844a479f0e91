/**
 * The RCA panel of a plain quote that carries a plate (the shell's quote page, `quotePanels` of
 * the module): the vehicle as the quote describes it, with a link to its plate in the register;
 * the risk certificate's years; the class inherited from the household (legge Bersani) from the
 * vehicles the user names or takes from the register; and the CU class `rca.classe` derives,
 * step by step — the inherited one when it is better. The quote is live: a changed certificate
 * asks for the class again, as does a change of the household.
 */
import { Alert, Anchor, Badge, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, Figure, formatDay, Section, type HostContext, type QuotePanelProps } from '@sportello/host-api';
import ApplyingClass from '../components/ApplyingClass';
import HouseholdSection, { type Household, type HouseholdResult } from '../components/HouseholdSection';
import {
  asClassAnswer,
  bersaniPart,
  classRequest,
  naturalPersonOf,
  quotedKindOf,
  type ClassAnswer,
  type ClassRequest,
} from '../lib/bersani';
import { cuRequestOf, missingYears, ownerCodeOf, quoteVehicle, type QuoteVehicle } from '../lib/quoteVehicle';
import { CALLS, NAMESPACE, paths } from '../paths';
import { PLATES_STREAM } from '../streams';
import '@sportello/host-api/line.css';
import '../plates.css';

type Derived = { status: 'none' } | { status: 'loading' } | { status: 'ready'; answer: ClassAnswer } | { status: 'error'; message: string };

/** The class of the request, asked again only when the request changes. */
function useCuClass(host: HostContext, request: ClassRequest | null): Derived {
  const key = request ? JSON.stringify(request) : '';
  const call = useRef(host.call);
  call.current = host.call;
  const [derived, setDerived] = useState<Derived>({ status: request ? 'loading' : 'none' });
  useEffect(() => {
    if (!key) {
      setDerived({ status: 'none' });
      return;
    }
    let current = true;
    setDerived({ status: 'loading' });
    call
      .current(CALLS.cuClass, JSON.parse(key) as ClassRequest)
      .then((raw) => {
        if (!current) return;
        const answer = asClassAnswer(raw);
        setDerived(answer ? { status: 'ready', answer } : { status: 'error', message: '' });
      })
      .catch((error: unknown) => current && setDerived({ status: 'error', message: errorMessage(error) }));
    return () => {
      current = false;
    };
  }, [key]);
  return derived;
}

function PlateLink({ host, targa }: { host: HostContext; targa: string }) {
  const { t } = useTranslation(NAMESPACE);
  const plates = host.useCollection(PLATES_STREAM);
  if (host.flags.employee) return null;
  const found = Object.values(plates).find((plate) => plate.targa === targa);
  return (
    <Anchor component={Link} to={found ? paths.detail(found._id) : paths.search(targa)} size="sm" data-testid="rca-quote-plate-link">
      <Group gap={4} component="span" wrap="nowrap">
        {found ? t('quote.openPlate') : t('quote.findPlate')}
        <IconExternalLink size={14} />
      </Group>
    </Anchor>
  );
}

function VehicleSection({ host, vehicle }: { host: HostContext; vehicle: QuoteVehicle }) {
  const { t } = useTranslation(NAMESPACE);
  const { plate, registration, previous } = vehicle;
  const previousText = !previous
    ? '—'
    : previous.insured
      ? [previous.company || t('quote.insured'), previous.expiry ? t('quote.until', { day: formatDay(previous.expiry) }) : '']
          .filter(Boolean)
          .join(' · ')
      : t('quote.notInsured');
  return (
    <Section title={t('detail.vehicle')} testId="rca-quote-vehicle" actions={plate ? <PlateLink host={host} targa={plate.targa} /> : null}>
      <div className="sp-figures">
        <Figure label={t('columns.targa')} value={<span className="rca-plate">{plate?.targa ?? '—'}</span>} testId="rca-quote-plate" />
        <Figure label={t('columns.veicolo')} value={[vehicle.brand, vehicle.model].filter(Boolean).join(' ') || '—'} />
        <Figure
          label={t('columns.immatricolazione')}
          value={!registration ? '—' : registration.isNew ? t('registration.new') : formatDay(registration.date) || '—'}
        />
        <Figure label={t('quote.previous')} value={previousText} testId="rca-quote-previous" />
        {plate?.tipoBersani ? <Figure label={t('editor.fields.tipoBersani')} value={plate.tipoBersani} /> : null}
        {plate?.targaAgev ? <Figure label={t('editor.fields.targaAgev')} value={<Badge variant="light">✓</Badge>} /> : null}
      </div>
    </Section>
  );
}

function AtrSection({ vehicle }: { vehicle: QuoteVehicle }) {
  const { t } = useTranslation(NAMESPACE);
  if (!vehicle.atr.length) {
    return (
      <Section title={t('quote.atr')} testId="rca-quote-atr">
        <Text c="dimmed" size="sm">
          {t('quote.noAtr')}
        </Text>
      </Section>
    );
  }
  const missing = missingYears(vehicle.atr);
  return (
    <Section title={t('quote.atr')} testId="rca-quote-atr">
      <Table verticalSpacing={6} data-testid="rca-quote-atr-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('cu.year')}</Table.Th>
            <Table.Th>{t('cu.principali')}</Table.Th>
            <Table.Th>{t('cu.paritarie')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...vehicle.atr].reverse().map((year) => (
            <Table.Tr key={year.anno} data-testid="rca-quote-atr-row">
              <Table.Td>{year.anno}</Table.Td>
              <Table.Td>{year.principali}</Table.Td>
              <Table.Td>{year.paritarie.length ? year.paritarie.map((share) => `${share}%`).join(', ') : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>{t('quote.total')}</Table.Th>
            <Table.Th colSpan={2}>{t('quote.claims', { count: vehicle.claims })}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      {missing.length ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} mt="sm" data-testid="rca-quote-atr-missing">
          {t('quote.missingYears', { count: missing.length, years: missing.join(', ') })}
        </Alert>
      ) : null}
    </Section>
  );
}

function CuSection({ derived }: { derived: Derived }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Section title={t('cu.title')} testId="rca-quote-cu">
      {derived.status === 'none' ? (
        <Text c="dimmed" size="sm">
          {t('quote.noClass')}
        </Text>
      ) : derived.status === 'loading' ? (
        <Loader size="sm" />
      ) : derived.status === 'error' ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid="rca-quote-cu-error">
          {t('cu.error', { message: derived.message })}
        </Alert>
      ) : (
        <Stack gap="xs">
          <ApplyingClass answer={derived.answer} testId="rca-quote-cu-class" />
          <Title order={5}>{t('cu.derivation')}</Title>
          <ol className="rca-steps" data-testid="rca-quote-cu-steps">
            {derived.answer.passi.map((step, index) => (
              <li key={index}>
                <Text size="sm">{step}</Text>
              </li>
            ))}
          </ol>
        </Stack>
      )}
    </Section>
  );
}

/** The household part's own view of the call: its answer, or nothing while the call fails. */
function householdResult(derived: Derived): HouseholdResult {
  if (derived.status === 'loading') return derived;
  return derived.status === 'ready' ? { status: 'ready', answer: derived.answer.bersani } : { status: 'none' };
}

export default function RcaQuotePanel({ quote, host }: QuotePanelProps) {
  const { t } = useTranslation(NAMESPACE);
  const vehicle = quoteVehicle(quote);
  const ownerCode = ownerCodeOf(quote);
  const plates = host.useCollection(PLATES_STREAM);
  const targa = vehicle.plate?.targa ?? null;
  const registered = targa ? Object.values(plates).find((plate) => plate.targa === targa) : undefined;
  const [household, setHousehold] = useState<Household>(() => ({
    rows: [],
    options: {
      personaFisica: naturalPersonOf(ownerCode),
      tipo: quotedKindOf(targa, [registered?.tipo, vehicle.plate?.tipoBersani]),
      // already insured, with a certificate to judge: the renewal of a contract in force
      rinnovo: vehicle.previous?.insured === true && vehicle.atr.length > 0,
    },
  }));
  const { part, problems } = bersaniPart(household.rows, household.options, vehicle.atr.length > 0);
  const derived = useCuClass(host, classRequest(cuRequestOf(vehicle), part));
  return (
    <Stack gap="md" data-testid="rca-quote-panel">
      <Title order={3}>{t('quote.title')}</Title>
      <div className="rca-detail-grid">
        <VehicleSection host={host} vehicle={vehicle} />
        <AtrSection vehicle={vehicle} />
      </div>
      <CuSection derived={derived} />
      <HouseholdSection
        host={host}
        value={household}
        onChange={setHousehold}
        problems={problems}
        result={householdResult(derived)}
        ownerCode={ownerCode}
        quotedPlate={targa}
        testId="rca-quote-bersani"
      />
    </Stack>
  );
}
