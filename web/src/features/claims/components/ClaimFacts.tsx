/** What happened, read-only: the days, the place, the description and the other parties. */
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import InfoField from '../../../components/InfoField';
import { shortDate } from '../../policies/policyLogic';
import type { Claim } from '../claimLogic';

export default function ClaimFacts({ claim, action }: { claim: Claim; action?: React.ReactNode }) {
  const { t } = useTranslation('claims');
  const parties = claim.counterparties ?? [];
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="claim-facts">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Title order={4}>{t('detail.facts')}</Title>
          <div style={{ justifySelf: 'end' }}>{action}</div>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
          <InfoField label={t('fields.eventDate')} value={shortDate(claim.eventDate)} testId="claim-event-date-value" />
          <InfoField label={t('fields.knownOn')} value={shortDate(claim.knownOn)} />
          <InfoField label={t('fields.thirdPartyClaimOn')} value={claim.thirdPartyClaimOn ? shortDate(claim.thirdPartyClaimOn) : ''} />
          <InfoField label={t('fields.place')} value={claim.place} testId="claim-place-value" />
        </SimpleGrid>
        <InfoField label={t('fields.description')} value={<Text style={{ whiteSpace: 'pre-wrap' }}>{claim.description}</Text>} testId="claim-description-value" />
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4}>
            {t('counterparty.title')}
          </Text>
          {parties.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {parties.map((party, index) => (
                <Paper key={index} withBorder radius="md" p="sm" data-testid="claim-counterparty-value">
                  <Text fw={600} size="sm">
                    {party.name || t('counterparty.one', { n: index + 1 })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {[party.plate, party.vehicle, party.company].filter(Boolean).join(' · ') || '—'}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dimmed">
              {t('counterparty.none')}
            </Text>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
