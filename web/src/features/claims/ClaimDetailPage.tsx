/**
 * `/sinistri/:id`: a claim, live from the `sinistri` stream — the facts and the other parties,
 * the report deadline and the limitation, the company's number, reserve and amount paid, the
 * status history and the documents; the office's form for admins and responsabili, and the
 * correction of the facts while the claim is open (by the office always).
 */
import { Anchor, Button, Center, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import InfoField from '../../components/InfoField';
import { PageLoader } from '../../components/PageLoader';
import { useSession } from '../../session/context';
import DocumentsSection, { type DocumentSlot } from '../quotes/components/DocumentsSection';
import { useQuoteEnv } from '../quotes/env';
import { euros, shortDate, toCents } from '../policies/policyLogic';
import { OPEN, reportDeadline, type Claim } from './claimLogic';
import { officeOf } from './office';
import ClaimFacts from './components/ClaimFacts';
import ClaimHistory from './components/ClaimHistory';
import ClaimStatusBadge from './components/ClaimStatusBadge';
import FactsEditor from './components/FactsEditor';
import OfficeForm from './components/OfficeForm';
import ReportDeadlineText from './components/ReportDeadlineText';
import { useClaim, useRomeToday } from './useClaims';
import './claims.css';

/** The document types of a claim, in the order staff upload them. */
export const CLAIM_DOC_TYPES = ['foto', 'constatazione', 'preventivo', 'altro'] as const;

function Figures({ claim, today }: { claim: Claim; today: string }) {
  const { t } = useTranslation('claims');
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="claim-figures">
      <Title order={4} mb="md">
        {t('detail.deadlines')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="lg">
        <InfoField label={t('fields.reportBy')} value={<ReportDeadlineText deadline={reportDeadline(claim, today)} size="sm" />} />
        <InfoField label={t('fields.limitation')} value={shortDate(claim.limitation)} testId="claim-limitation" />
        <InfoField label={t('fields.companyClaimNumber')} value={claim.companyClaimNumber ?? ''} testId="claim-company-number" />
        <InfoField label={t('fields.responsibility')} value={claim.responsibility ? t(`responsibility.${claim.responsibility}`) : ''} testId="claim-responsibility" />
        <InfoField label={t('fields.reserve')} value={<span className="claim-money">{euros(toCents(claim.reserve))}</span>} testId="claim-reserve" />
        <InfoField label={t('fields.paid')} value={<span className="claim-money">{euros(toCents(claim.paid))}</span>} testId="claim-paid" />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="md">
        {`${t('detail.reportHelp')} · ${t('detail.limitationHelp')}`}
      </Text>
    </Paper>
  );
}

export default function ClaimDetailPage() {
  const { t } = useTranslation('claims');
  const { id = '' } = useParams();
  const { dataLoadedAt } = useSession();
  const { flags } = useQuoteEnv();
  const claim = useClaim(id);
  const today = useRomeToday();
  const [editing, setEditing] = useState(false);
  const office = Boolean(flags.admin || flags.responsabile);

  if (!claim) {
    if (dataLoadedAt === null) return <PageLoader />;
    return (
      <Center className="page-center">
        <Stack align="center" gap="xs" data-testid="claim-not-found">
          <Title order={3}>{t('detail.notFound')}</Title>
          <Anchor component={Link} to="/sinistri">
            {t('detail.back')}
          </Anchor>
        </Stack>
      </Center>
    );
  }

  const mayCorrect = office || claim.status === OPEN;
  const slots: DocumentSlot[] = CLAIM_DOC_TYPES.map((type) => ({ type, label: t(`docs.${type}`) }));
  return (
    <Stack gap="lg" className="claims-page" data-testid="claim-detail">
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm">
            <Title order={2} data-testid="claim-customer">
              {claim.customer || t('detail.facts')}
            </Title>
            <ClaimStatusBadge status={claim.status} />
          </Group>
          <Text c="dimmed" size="sm" mt={4}>
            {[claim.company, claim.policyNumber, t(`openedBy.${claim.openedBy}`, { date: shortDate(claim.openedAt) })].filter(Boolean).join(' · ')}
          </Text>
        </div>
        <Button component={Link} to={`/polizza/${claim.policyId}`} variant="light" data-testid="claim-policy">
          {t('detail.openPolicy')}
        </Button>
      </Group>
      <Figures claim={claim} today={today} />
      {office ? <OfficeForm key={JSON.stringify(officeOf(claim))} claim={claim} today={today} /> : null}
      {editing && mayCorrect ? (
        <FactsEditor claim={claim} today={today} onDone={() => setEditing(false)} />
      ) : (
        <ClaimFacts
          claim={claim}
          action={
            mayCorrect ? (
              <Button size="xs" variant="light" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)} data-testid="facts-edit">
                {t('facts.edit')}
              </Button>
            ) : null
          }
        />
      )}
      <ClaimHistory history={claim.history ?? []} />
      <DocumentsSection ownerKind="sinistro" ownerId={claim._id} offered={slots} title={t('detail.documents')} />
    </Stack>
  );
}
