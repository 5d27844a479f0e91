/**
 * The claims of a policy, on the policy's page: each with its status and report deadline,
 * 'Apri sinistro' and the customer's claim link. Loaded with the claims' translations.
 */
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortDate } from '../policies/policyLogic';
import { reportDeadline } from './claimLogic';
import ClaimLinkButton from './components/ClaimLinkButton';
import ClaimStatusBadge from './components/ClaimStatusBadge';
import OpenClaimButton from './components/OpenClaimButton';
import ReportDeadlineText from './components/ReportDeadlineText';
import { usePolicyClaims, useRomeToday } from './useClaims';
import './claims.css';

export default function PolicyClaims({ policyId, policyNumber }: { policyId: string; policyNumber: string }) {
  const { t } = useTranslation('claims');
  const claims = usePolicyClaims(policyId);
  const today = useRomeToday();
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="policy-claims">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('policy.title')}</Title>
        <Group gap="sm">
          <ClaimLinkButton policyId={policyId} />
          <OpenClaimButton policyId={policyId} policyNumber={policyNumber} today={today} />
        </Group>
      </Group>
      {claims.length ? (
        <Stack gap={8}>
          {claims.map((claim) => (
            <Link key={claim._id} to={`/sinistri/${claim._id}`} className="claim-row claim-row-compact" data-testid="policy-claim-row">
              <div className="claim-who">
                <Text fw={600} size="sm">
                  {shortDate(claim.eventDate)}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {claim.place || claim.description}
                </Text>
              </div>
              <Text className="claim-company" size="sm" truncate="end">
                {claim.companyClaimNumber || '—'}
              </Text>
              <span className="claim-day" />
              <div className="claim-status">
                <ClaimStatusBadge status={claim.status} />
              </div>
              <div className="claim-deadline">
                <ReportDeadlineText deadline={reportDeadline(claim, today)} />
              </div>
            </Link>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" data-testid="policy-claims-empty">
          {t('policy.none')}
        </Text>
      )}
    </Paper>
  );
}
