/**
 * `/targhe/:id`: one plate — vehicle, owner, the current policy with its expiry and the 15 days'
 * tolerance, the quotes started from it (`rca.targhe.dettaglio`) — with 'Nuovo preventivo RCA'
 * and the CU class calculator. The plate is live from the stream; its quotes are asked again
 * whenever the plate changes. 'Nuovo preventivo RCA' (agents: they create quotes) opens the
 * shell's 'Nuova quotazione' on the RCA product with the vehicle and its owner filled in.
 */
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFilePlus, IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { type HostItem, BackLink, errorMessage, Figure, formatDay, formatEuro, newQuoteLink, Section, useHost } from '@sportello/host-api';
import CoverText from '../components/CoverText';
import { kindLabel, registrationLabel } from '../components/labels';
import { draftOf, type PlateDraft } from '../lib/draft';
import { coverOn, romeToday } from '../lib/expiry';
import { platePrefill, rcaProductFor } from '../lib/newQuote';
import { asPlate, asPlateDetail, vehicleName, type PlateClaim, type PlateDetail, type PlateQuote } from '../lib/records';
import { CALLS, NAMESPACE, paths } from '../paths';
import { PLATES_STREAM } from '../streams';
import PlateEditor from '../editor/PlateEditor';
import RetireDialog from '../editor/RetireDialog';
import { canWritePlates } from '../editor/who';
import CuCalculator from './CuCalculator';
import '@sportello/host-api/line.css';
import '../plates.css';

type Loaded = { status: 'loading' } | { status: 'ready'; plate: PlateDetail; quotes: PlateQuote[] } | { status: 'error'; message: string };

/** The plate, its quotes and its claims from `rca.targhe.dettaglio`, asked again when the live
 * plate changes or a claim on its policies does (the `sinistri` stream). */
function usePlateDetail(id: string, version: string | undefined): Loaded {
  const host = useHost();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    host
      .call(CALLS.detail, { _id: id })
      .then((answer) => {
        if (!current) return;
        const detail = asPlateDetail((answer ?? {}) as HostItem);
        setLoaded({ status: 'ready', plate: detail, quotes: detail.preventivi });
      })
      .catch((error: unknown) => current && setLoaded({ status: 'error', message: errorMessage(error) }));
    return () => {
      current = false;
    };
    // `host` changes identity with the session's state: the plate's id and version are what ask again
  }, [id, version]);
  return loaded;
}

/** What changes when a claim on one of `policies` is opened, changed or settled. */
function claimsVersionOf(claims: Record<string, HostItem>, policies: readonly string[]): string {
  const wanted = new Set(policies.filter(Boolean));
  return Object.values(claims)
    .filter((claim) => wanted.has(String(claim.policyId ?? '')))
    .map((claim) => `${claim._id}:${String(claim.status ?? '')}:${String(claim.responsibility ?? '')}:${String(claim.paid ?? '')}`)
    .sort()
    .join(',');
}

function ClaimsTable({ claims }: { claims: PlateClaim[] }) {
  const { t } = useTranslation(NAMESPACE);
  if (!claims.length) {
    return (
      <Text c="dimmed" size="sm" data-testid="plate-no-claims">
        {t('detail.noClaims')}
      </Text>
    );
  }
  return (
    <Table verticalSpacing="xs" highlightOnHover data-testid="plate-claims">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('detail.claimDate')}</Table.Th>
          <Table.Th>{t('detail.claimPolicy')}</Table.Th>
          <Table.Th>{t('detail.claimStatus')}</Table.Th>
          <Table.Th>{t('detail.claimFault')}</Table.Th>
          <Table.Th ta="right">{t('detail.claimPaid')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {claims.map((claim) => (
          <Table.Tr key={claim._id} data-testid="plate-claim" data-id={claim._id} data-status={claim.stato}>
            <Table.Td>{formatDay(claim.data)}</Table.Td>
            <Table.Td>{claim.polizza || '—'}</Table.Td>
            <Table.Td>
              <Text size="sm" fw={500} c={claim.stato === 'liquidato' ? 'teal.8' : undefined}>
                {t(`detail.claimStatuses.${claim.stato}`, { defaultValue: claim.stato })}
              </Text>
            </Table.Td>
            <Table.Td>{claim.responsabilita ? t(`detail.claimFaults.${claim.responsabilita}`, { defaultValue: claim.responsabilita }) : '—'}</Table.Td>
            <Table.Td ta="right">{formatEuro(claim.liquidato)}</Table.Td>
            <Table.Td ta="right">
              <Anchor component={Link} to={`/sinistri/${claim._id}`} size="sm">
                {t('detail.claimOpen')}
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function QuotesTable({ quotes }: { quotes: PlateQuote[] }) {
  const { t } = useTranslation(NAMESPACE);
  const host = useHost();
  const { StatusBadge } = host.ui;
  if (!quotes.length) {
    return (
      <Text c="dimmed" size="sm" data-testid="plate-no-quotes">
        {t('detail.noQuotes')}
      </Text>
    );
  }
  return (
    <Table verticalSpacing="xs" highlightOnHover data-testid="plate-quotes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('detail.quoteAt')}</Table.Th>
          <Table.Th>{t('detail.quoteStatus')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {quotes.map((quote) => (
          <Table.Tr key={quote._id} data-testid="plate-quote" data-id={quote._id}>
            <Table.Td>{host.format.dateTime(quote.at)}</Table.Td>
            <Table.Td>
              <StatusBadge status={quote.status || null} policy={quote.polizza ? { number: quote.polizza } : null} />
            </Table.Td>
            <Table.Td ta="right">
              <Anchor component={Link} to={paths.quote(quote._id, quote.product)} size="sm">
                {t('detail.quoteOpen')}
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export default function PlateDetailPage() {
  const { t } = useTranslation(NAMESPACE);
  const host = useHost();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const live = host.useCollection(PLATES_STREAM)[id];
  const products = host.useCollection('products');
  // the claims on the current policy and on those the last answer found claims on
  const claims = host.useCollection('sinistri');
  const [claimedPolicies, setClaimedPolicies] = useState('');
  const currentPolicy = live ? asPlate(live).polizza?._id : undefined;
  const claimsVersion = claimsVersionOf(claims, [currentPolicy ?? '', ...claimedPolicies.split(',')]);
  const loaded = usePlateDetail(id, live ? `${String(live.at ?? '')}|${claimsVersion}` : undefined);
  useEffect(() => {
    if (loaded.status !== 'ready') return;
    setClaimedPolicies([...new Set(loaded.plate.sinistri.map((claim) => claim.policyId))].sort().join(','));
  }, [loaded]);
  const [editing, setEditing] = useState<PlateDraft | null>(null);
  const [retiring, setRetiring] = useState(false);
  const today = romeToday();

  const plate = live ? asPlate(live) : loaded.status === 'ready' ? loaded.plate : null;
  host.usePageTitle(plate ? t('detail.title', { targa: plate.targa }) : null);
  if (!plate) {
    if (loaded.status === 'loading') {
      return (
        <Center py={64}>
          <Loader />
        </Center>
      );
    }
    return (
      <Stack gap="md" className="sp-page" data-testid="plate-missing">
        <BackLink to={paths.list}>{t('list.title')}</BackLink>
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />}>
          {loaded.status === 'error' && loaded.message ? loaded.message : t('detail.notFound')}
        </Alert>
      </Stack>
    );
  }

  const canWrite = canWritePlates(host.flags);
  const cover = coverOn(plate.polizza, today);
  // the shell's 'Nuova quotazione' with the RCA product and the vehicle's fields filled in
  const startQuote = () => {
    const product = rcaProductFor(products);
    const { to, state } = newQuoteLink(product ? product._id : null, platePrefill(plate, product));
    void navigate(to, { state });
  };
  return (
    <Stack gap="lg" className="sp-page" data-testid="plate-detail" data-id={plate._id}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <BackLink to={paths.list}>{t('list.title')}</BackLink>
          <Title order={2} mt={4}>
            {t('detail.title', { targa: plate.targa })}
          </Title>
          <Text c="dimmed" size="sm">
            {[kindLabel(t, plate.tipo), vehicleName(plate)].filter(Boolean).join(' · ')}
          </Text>
        </div>
        <Group gap="sm">
          {canWrite ? (
            <>
              <Button variant="default" leftSection={<IconPencil size={18} />} onClick={() => setEditing(draftOf(plate))} data-testid="plate-detail-edit">
                {t('actions.edit')}
              </Button>
              <Button variant="default" color="red" leftSection={<IconTrash size={18} />} onClick={() => setRetiring(true)} data-testid="plate-detail-retire">
                {t('actions.retire')}
              </Button>
            </>
          ) : null}
          {host.flags.agent ? (
            <Button leftSection={<IconFilePlus size={18} />} onClick={startQuote} data-testid="plate-new-quote">
              {t('detail.newQuote')}
            </Button>
          ) : null}
        </Group>
      </Group>
      <div className="rca-detail-grid">
        <Section title={t('detail.vehicle')} testId="plate-vehicle">
          <div className="sp-figures">
            <Figure label={t('columns.targa')} value={<span className="rca-plate">{plate.targa}</span>} />
            <Figure label={t('columns.tipo')} value={kindLabel(t, plate.tipo)} />
            <Figure label={t('columns.veicolo')} value={vehicleName(plate) || '—'} />
            <Figure label={t('columns.immatricolazione')} value={registrationLabel(t, plate.immatricolazione)} />
            <Figure label={t('editor.fields.tipoBersani')} value={plate.tipoBersani || '—'} />
            {plate.targaAgev ? <Figure label={t('editor.fields.targaAgev')} value={<Badge variant="light">✓</Badge>} /> : null}
          </div>
        </Section>
        <Section title={t('detail.owner')} testId="plate-owner">
          <div className="sp-figures">
            <Figure label={t('editor.fields.nome')} value={plate.cliente || '—'} />
            <Figure label={t('editor.fields.cf')} value={plate.cf || '—'} />
            {plate.aId && !host.flags.agent ? <Figure label={t('editor.fields.collaborator')} value={host.userName(plate.aId) || '—'} /> : null}
          </div>
        </Section>
        <Section title={t('detail.policy')} testId="plate-policy">
          {plate.polizza && cover.state !== 'none' ? (
            <div className="sp-figures">
              <Figure label={t('detail.number')} value={plate.polizza.numero || '—'} />
              <Figure label={t('detail.company')} value={plate.polizza.compagnia || '—'} />
              <Figure label={t('detail.expiry')} value={<CoverText policy={plate.polizza} today={today} size="md" />} />
              <Figure label={t('detail.grace')} value={formatDay(cover.grazia) || '—'} hint={t('detail.graceHint')} />
            </div>
          ) : (
            <Text c="dimmed" size="sm">
              {t('detail.noPolicy')}
            </Text>
          )}
        </Section>
        <Section title={t('detail.claims')} testId="plate-claims-section">
          {loaded.status === 'ready' ? <ClaimsTable claims={loaded.plate.sinistri} /> : loaded.status === 'loading' ? <Loader size="sm" /> : null}
        </Section>
        <Section title={t('detail.quotes')} testId="plate-quotes-section">
          {loaded.status === 'ready' ? (
            <QuotesTable quotes={loaded.quotes} />
          ) : loaded.status === 'error' ? (
            <Text size="sm" c="var(--mantine-color-error)">
              {t('detail.loadError', { message: loaded.message })}
            </Text>
          ) : (
            <Loader size="sm" />
          )}
        </Section>
      </div>
      <CuCalculator
        currentYear={Number(today.slice(0, 4))}
        vehicle={{ targa: plate.targa, tipo: plate.tipo, cf: plate.cf }}
        fromClaims={loaded.status === 'ready' ? loaded.plate.atrSinistri : []}
      />
      {editing ? <PlateEditor initial={editing} onClose={() => setEditing(null)} /> : null}
      {retiring ? <RetireDialog plate={plate} onClose={() => setRetiring(false)} onRetired={() => void navigate(paths.list)} /> : null}
    </Stack>
  );
}
