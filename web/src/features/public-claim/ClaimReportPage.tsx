/**
 * `/sinistro/:policyId?c={code}` (no login): the customer's claim page behind the policy's
 * link — the policy, the claims already reported through it with their status, the form to
 * report a new one, then its photos. The report reaches the office live and by push.
 */
import { Alert, Button, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import InfoField from '../../components/InfoField';
import PublicFrame, { type LinkFailure } from '../../components/PublicFrame';
import { romeToday, shortDate } from '../policies/policyLogic';
import { failureOf } from '../public-policy/usePolicyPage';
import ClaimStatusBadge from '../claims/components/ClaimStatusBadge';
import FactsFields from '../claims/components/FactsFields';
import { EMPTY_FACTS, factsBody, factsReady, type FactsDraft } from '../claims/facts';
import { getClaimPage, reportClaim, type ClaimPage, type PublicClaim } from './api';
import PhotoUpload from './PhotoUpload';

function ReportedClaim({ claim }: { claim: PublicClaim }) {
  const { t } = useTranslation('claims');
  return (
    <Paper withBorder radius="md" p="sm" data-testid="public-claim">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {t('public.claimOf', { date: shortDate(claim.eventDate) })}
            {claim.place ? ` · ${claim.place}` : ''}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {claim.description}
          </Text>
          {claim.companyClaimNumber ? (
            <Text size="xs" c="dimmed">
              {t('public.companyNumber', { number: claim.companyClaimNumber })}
            </Text>
          ) : null}
        </div>
        <div style={{ flexShrink: 0 }}>
          <ClaimStatusBadge status={claim.status} />
        </div>
      </Group>
    </Paper>
  );
}

export default function ClaimReportPage() {
  const { t } = useTranslation('claims');
  const { policyId = '' } = useParams();
  const [params] = useSearchParams();
  const code = params.get('c') ?? '';
  const [page, setPage] = useState<ClaimPage | null>(null);
  const [failure, setFailure] = useState<LinkFailure | null>(null);
  const [draft, setDraft] = useState<FactsDraft>(EMPTY_FACTS);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reported, setReported] = useState<PublicClaim | null>(null);
  const today = romeToday();

  useEffect(() => {
    const controller = new AbortController();
    if (!policyId || !code) {
      setFailure({ kind: '403', message: '' });
      return undefined;
    }
    getClaimPage(policyId, code, controller.signal).then(setPage, (e: unknown) => {
      if (!controller.signal.aborted) setFailure(failureOf(e));
    });
    return () => controller.abort();
  }, [policyId, code]);

  /** A link failure replaces the page; any other error's text is returned. */
  const fail = useCallback((e: unknown): string | null => {
    const found = failureOf(e);
    if (found.kind === 'generic') return found.message;
    setFailure(found);
    return null;
  }, []);

  const send = async () => {
    if (!page || !factsReady(draft)) return;
    setSending(true);
    setError(null);
    try {
      const claim = await reportClaim(policyId, code, factsBody(draft, { thirdParty: false }));
      setPage({ ...page, claims: [claim, ...page.claims] });
      setReported(claim);
      setDraft(EMPTY_FACTS);
    } catch (e) {
      setError(fail(e));
    } finally {
      setSending(false);
    }
  };

  const policy = page?.policy;
  return (
    <PublicFrame title={t('public.title')} failure={failure} loading={!page} ns="claims" errorTestId="public-claim-error">
      {page && policy ? (
        <Stack gap="lg" data-testid="public-claims">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <InfoField label={t('public.customer')} value={policy.customer} testId="public-claim-customer" />
            <InfoField label={t('public.company')} value={policy.company ?? ''} />
            <InfoField label={t('public.number')} value={policy.number ?? ''} />
            <InfoField label={t('public.period')} value={`${shortDate(policy.startDate)} – ${shortDate(policy.endDate)}`} />
          </SimpleGrid>
          {page.claims.length ? (
            <Stack gap="xs">
              <Title order={4}>{t('public.reported')}</Title>
              {page.claims.map((claim) => (
                <ReportedClaim key={claim._id} claim={claim} />
              ))}
            </Stack>
          ) : null}
          <Divider />
          {reported ? (
            <Stack gap="md">
              <Alert color="green" variant="light" icon={<IconCircleCheck />} data-testid="public-claim-sent">
                {t('public.sent')}
              </Alert>
              <PhotoUpload key={reported._id} policyId={policyId} code={code} claimId={reported._id} already={reported.photos ?? 0} fail={fail} />
              <Group>
                <Button variant="default" onClick={() => setReported(null)} data-testid="public-claim-another">
                  {t('public.another')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Stack gap="md">
              <Title order={4}>{t('public.new')}</Title>
              <FactsFields value={draft} onChange={setDraft} today={today} />
              <Group justify="flex-end">
                <Button disabled={!factsReady(draft)} loading={sending} onClick={() => void send()} data-testid="public-claim-send">
                  {t('public.send')}
                </Button>
              </Group>
            </Stack>
          )}
          {error ? (
            <Alert color="red" variant="light" data-testid="public-claim-problem">
              {error}
            </Alert>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('public.expires', { date: shortDate(page.expiresAt) })}
          </Text>
        </Stack>
      ) : null}
    </PublicFrame>
  );
}
