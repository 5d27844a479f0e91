/**
 * `/polizza/:id` (SPEC §2, §3): customer, company, number, dates, payment method, `paid`, the
 * instalments (admins mark them paid or suspended), documents per instalment, the customer's
 * purchase declaration, the originating quote, the customer's links, the chat and the policy's
 * claims (where the menu has Sinistri). Live.
 */
import { Anchor, Badge, Button, Center, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { HostItem } from '@sportello/host-api';
import { PageLoader } from '../../components/PageLoader';
import { useSession } from '../../session/context';
import PolicyClaims from '../claims/PolicyClaims';
import PolicyChanges from '../policy-changes/PolicyChanges';
import CancelledBadge from '../policy-changes/components/CancelledBadge';
import CoverBadge from '../cover/CoverBadge';
import { policyAlerts } from '../../store/selectors';
import ChatButton from '../quotes/components/ChatButton';
import DocumentsSection, { type DocumentSlot } from '../quotes/components/DocumentsSection';
import { useCollection, useQuoteEnv } from '../quotes/env';
import CustomerLinksButton from './components/CustomerLinksButton';
import InstalmentsTable from './components/InstalmentsTable';
import PremiumSplit from './components/PremiumSplit';
import { useMethodLabel } from './paymentMethods';
import IssueOverrideNote from './components/IssueOverrideNote';
import { euros, instalmentsOf, policyCustomer, policyTotals, romeToday, shortDate, toCents } from './policyLogic';
import './policies.css';
import InfoField from '../../components/InfoField';


function Purchase({ policy }: { policy: HostItem }) {
  const { t } = useTranslation('policies');
  const purchase = policy.purchase as { method?: string; at?: string; amount?: number } | undefined;
  if (!purchase?.method) return null;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="policy-purchase">
      <Text fw={600}>{t('purchase.title')}</Text>
      <Text size="sm">
        {t(`purchase.${purchase.method === 'bonifico' ? 'transfer' : 'agency'}`, {
          date: shortDate(purchase.at),
          amount: euros(toCents(purchase.amount)),
        })}
      </Text>
    </Paper>
  );
}

export default function PolicyDetailPage() {
  const { t } = useTranslation('policies');
  const { id = '' } = useParams();
  const { dataLoadedAt, menu } = useSession();
  const { userName } = useQuoteEnv();
  const seesClaims = menu.some((entry) => entry.key === 'sinistri');
  const methodLabel = useMethodLabel();
  const policy = useCollection('polizze')[id] as HostItem | undefined;
  const slots = useMemo<DocumentSlot[]>(
    () => (policy ? instalmentsOf(policy).map((r) => ({ type: `rata-${r.n}`, label: t('docs.instalment', { n: r.n }), nRata: r.n })) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [policy?.rate, t],
  );

  if (!policy) {
    if (dataLoadedAt === null) return <PageLoader />;
    return (
      <Center className="page-center">
        <Stack align="center" gap="xs" data-testid="policy-not-found">
          <Title order={3}>{t('detail.notFound')}</Title>
          <Anchor component={Link} to="/polizze">
            {t('detail.back')}
          </Anchor>
        </Stack>
      </Center>
    );
  }

  const totals = policyTotals(policy, romeToday());
  const paid = policy.paid as { v?: boolean; at?: string | null } | undefined;
  const quoteId = typeof policy.quoteId === 'string' ? policy.quoteId : null;
  return (
    <Stack gap="lg" className="quotes-page" data-testid="policy-detail">
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm">
            <Title order={2} data-testid="policy-customer">
              {policyCustomer(policy) || t('detail.title')}
            </Title>
            <Badge color={paid?.v ? 'green' : 'orange'} variant="light" data-testid="policy-paid">
              {paid?.v ? t('detail.paid', { date: shortDate(paid.at) }) : t('detail.open')}
            </Badge>
            <CancelledBadge policy={policy} />
            {policy.cancelledOn ? null : <CoverBadge rates={instalmentsOf(policy)} />}
            {policyAlerts(policy, new Date()) ? (
              <Badge color="red" variant="light">
                {t('detail.expiring')}
              </Badge>
            ) : null}
          </Group>
          <Text c="dimmed" size="sm" mt={4}>
            {[String(policy.company ?? ''), String(policy.number ?? ''), userName(policy.aId)].filter(Boolean).join(' · ')}
          </Text>
        </div>
        <Group gap="sm">
          {quoteId ? (
            <Button component={Link} to={`/preventivi/${quoteId}`} variant="light" data-testid="policy-quote">
              {t('detail.quote')}
            </Button>
          ) : null}
          <CustomerLinksButton policyId={policy._id} />
          {quoteId ? <ChatButton roomId={`preventivi/${quoteId}`} /> : null}
        </Group>
      </Group>
      <Paper withBorder radius="lg" p="lg">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="lg">
          <InfoField label={t('columns.company')} value={String(policy.company ?? '')} />
          <InfoField label={t('columns.number')} value={String(policy.number ?? '')} testId="policy-number" />
          <InfoField label={t('detail.start')} value={shortDate(policy.startDate)} testId="policy-start" />
          <InfoField label={t('columns.endDate')} value={shortDate(policy.endDate)} />
          <InfoField label={t('columns.frequency')} value={t(`frequency.${String(policy.frequency ?? 'ANN')}`)} />
          <InfoField label={t('columns.premium')} value={euros(toCents(policy.premium))} testId="policy-premium" />
          <InfoField label={t('detail.paymentMethod')} value={methodLabel(policy.paymentMethod)} />
          <InfoField label={t('detail.prepaid')} value={policy.prepaid ? t('yes') : t('no')} />
          <InfoField label={t('detail.paidTotal')} value={euros(totals.paid)} testId="policy-paid-total" />
          <InfoField label={t('detail.dueNow')} value={euros(totals.due)} testId="policy-due" />
        </SimpleGrid>
      </Paper>
      <PremiumSplit policy={policy} />
      <Purchase policy={policy} />
      <IssueOverrideNote policy={policy} />
      <Paper withBorder radius="lg" p="lg">
        <Title order={4} mb="md">
          {t('rate.title')}
        </Title>
        <InstalmentsTable policy={policy} />
      </Paper>
      <PolicyChanges policy={policy} />
      {seesClaims ? <PolicyClaims policyId={policy._id} policyNumber={String(policy.number ?? '')} /> : null}
      <DocumentsSection ownerKind="polizza" ownerId={policy._id} slots={slots} />
    </Stack>
  );
}
