/**
 * `/preventivi/:id` (SPEC §2, §4): customer data, product and quotations, the status changer,
 * the emission request toggle (agents), archive (canEdit), the quote link, documents and chat;
 * on a plain quote, the customer's demands and needs and the pre-contract documents;
 * on a plain quote, the panels product modules add for the quotes they recognise
 * (`ProductModule.quotePanels`: the RCA line's vehicle and CU class on a quote with a plate).
 */
import { Anchor, Badge, Button, Center, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconSend, IconSendOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSession } from '../../session/context';
import type { HostItem } from '@sportello/host-api';
import ArchiveButton from './components/ArchiveButton';
import ChatButton from './components/ChatButton';
import CustomerData from './components/CustomerData';
import DocumentsSection from './components/DocumentsSection';
import EmissionPanel from './components/EmissionPanel';
import PrecontractCard from './components/PrecontractCard';
import NeedsCard from '../needs/NeedsCard';
import QuotationCard from './components/QuotationCard';
import QuoteLinkButton from './components/QuoteLinkButton';
import RenewalCard from './components/RenewalCard';
import StatusBadge from './components/StatusBadge';
import StatusChanger from './components/StatusChanger';
import { errorText, notify, useCollection, useQuoteEnv } from './env';
import { romeDateTime } from './fieldText';
import { issuedPolicyOf, policyIdOf } from './quotation';
import { customerName } from './quoteLogic';
import './quotes.css';
import { PageLoader } from '../../components/PageLoader';
import QuotePanels from '../../federation/QuotePanels';

function DocumentApproval({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('quotes');
  const { call } = useQuoteEnv();
  const set = async (docStatus: 1 | -1) => {
    try {
      await call('saveData', { coll: 'preventivi', _id: quote._id, upd: { $set: { docStatus } } });
      notify.success(docStatus === 1 ? t('docStatus.approved') : t('docStatus.refused'));
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  return (
    <Button.Group>
      <Button variant={quote.docStatus === 1 ? 'light' : 'default'} color="green" onClick={() => void set(1)} data-testid="docs-approve">
        {t('docStatus.approve')}
      </Button>
      <Button variant={quote.docStatus === -1 ? 'light' : 'default'} color="red" onClick={() => void set(-1)} data-testid="docs-refuse">
        {t('docStatus.refuse')}
      </Button>
    </Button.Group>
  );
}

function Actions({ quote, choice }: { quote: HostItem; choice: string | null }) {
  const { t } = useTranslation('quotes');
  const { flags, canEdit, call } = useQuoteEnv();
  const [busy, setBusy] = useState(false);
  const requested = Boolean(quote.requestEmission);
  const issued = policyIdOf(quote) !== null;

  const toggleEmission = async () => {
    setBusy(true);
    try {
      await call('richiediEmissione', { pId: quote._id, undo: requested, ...(!requested && choice ? { company: choice } : {}) });
      notify.success(requested ? t('emission.undone') : t('emission.requested'));
    } catch (error) {
      notify.error(t('emission.error', { error: errorText(error) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap="sm" data-testid="quote-actions">
      <StatusChanger quote={quote} />
      {flags.agent && !issued ? (
        <Button
          variant={requested ? 'default' : 'filled'}
          color={requested ? 'red' : undefined}
          leftSection={requested ? <IconSendOff size={18} /> : <IconSend size={18} />}
          loading={busy}
          onClick={() => void toggleEmission()}
          data-testid="emission-toggle"
        >
          {requested ? t('emission.undo') : t('emission.request')}
        </Button>
      ) : null}
      {canEdit && !quote.type ? <DocumentApproval quote={quote} /> : null}
      <ArchiveButton quote={quote} />
      <QuoteLinkButton quote={quote} />
      <ChatButton roomId={`preventivi/${quote._id}`} />
    </Group>
  );
}

function CustomerCard({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('quotes');
  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={4} mb="md">
        {t('detail.customer')}
      </Title>
      <CustomerData quote={quote} />
    </Paper>
  );
}

export default function QuoteDetailPage() {
  const { t } = useTranslation('quotes');
  const { id = '' } = useParams();
  const { dataLoadedAt } = useSession();
  const { userName } = useQuoteEnv();
  const quote = useCollection('preventivi')[id] as HostItem | undefined;
  const [choice, setChoice] = useState<string | null>(null);

  if (!quote) {
    if (dataLoadedAt === null) {
      return <PageLoader />;
    }
    return (
      <Center className="page-center">
        <Stack align="center" gap="xs" data-testid="quote-not-found">
          <Title order={3}>{t('detail.notFound')}</Title>
          <Text c="dimmed">{t('detail.notFoundText')}</Text>
          <Anchor component={Link} to="/preventivi">
            {t('detail.back')}
          </Anchor>
        </Stack>
      </Center>
    );
  }

  const requestEmission = quote.requestEmission as { at?: string } | undefined;
  return (
    <Stack gap="lg" className="quotes-page" data-testid="quote-detail">
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm">
            <Title order={2}>{customerName(quote) || t('detail.title')}</Title>
            <StatusBadge status={quote.status as string | null} policy={issuedPolicyOf(quote)} />
            {quote.archived ? (
              <Badge color="gray" variant="outline">
                {t('detail.archived')}
              </Badge>
            ) : null}
          </Group>
          <Text c="dimmed" size="sm" mt={4}>
            {[t('detail.id', { id: quote._id }), t('detail.createdAt', { date: romeDateTime(quote.at) }), userName(quote.aId)]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {requestEmission ? (
            <Text size="sm" c="orange" fw={600} mt={4}>
              {t('detail.emissionRequested', { date: romeDateTime(requestEmission.at) })}
            </Text>
          ) : null}
        </div>
        {quote.type ? (
          <Button component={Link} to={`/${String(quote.type)}/${quote._id}`} variant="light">
            {t('detail.practice')}
          </Button>
        ) : null}
      </Group>
      <Actions quote={quote} choice={choice} />
      {quote.docStatus === -1 ? (
        <Badge color="red" variant="light" data-testid="docs-refused">
          {t('docStatus.refusedBadge')}
        </Badge>
      ) : null}
      <EmissionPanel quote={quote} />
      {quote.type ? null : <NeedsCard quote={quote} />}
      {quote.type ? null : <PrecontractCard quote={quote} />}
      <RenewalCard quote={quote} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <CustomerCard quote={quote} />
        <QuotationCard quote={quote} choice={choice} onChoice={setChoice} />
      </SimpleGrid>
      {quote.type ? null : <QuotePanels quote={quote} />}
      {/* once issued, the quote's documents belong to the policy */}
      {issuedPolicyOf(quote) ? (
        <DocumentsSection ownerKind="polizza" ownerId={issuedPolicyOf(quote)?.id ?? ''} title={t('docs.ofPolicy')} />
      ) : (
        <DocumentsSection ownerKind="preventivo" ownerId={quote._id} />
      )}
    </Stack>
  );
}
