/**
 * `/prestiti/:id` (SPEC §2 'Loans practice page'): the loan's figures, the customer's data, the
 * status, the quotation with the consultancy slider in euro and the first instalment, the
 * earnings, the emission request, the SECCI sheet, documents and chat. The practice is read from
 * the live store, so it follows every change.
 */
import { Anchor, Button, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCashOff, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useHost, type HostItem } from '@sportello/host-api';
import Section from '../components/Section';
import { checklist } from '../lib/checklist';
import { loanOf, PRODUCT_ID } from '../lib/loanQuote';
import { api, chatRoom, paths } from '../paths';
import EarlyRepaymentCard from './EarlyRepaymentCard';
import EarningsCard from './EarningsCard';
import EmissionButton from './EmissionButton';
import LoanCard from './LoanCard';
import PracticeHeader from './PracticeHeader';
import QuotationCard from './QuotationCard';
import { usePracticeMoney } from './usePracticeMoney';
import '../loans.css';

function SecciLink({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('prestiti');
  const quoted = loanOf(quote).quoted;
  return (
    <Button
      component="a"
      href={quoted ? api.secci(quote._id) : undefined}
      download={`secci-${quote._id}.pdf`}
      variant="light"
      leftSection={<IconFileTypePdf size={18} />}
      data-disabled={!quoted || undefined}
      aria-disabled={!quoted}
      onClick={(event: React.MouseEvent) => {
        if (!quoted) event.preventDefault();
      }}
      title={quoted ? undefined : t('practice.secciLater')}
      data-testid="secci-link"
    >
      {t('practice.secci')}
    </Button>
  );
}

function Practice({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('prestiti');
  const host = useHost();
  const money = usePracticeMoney(quote);
  const { StatusChanger, ArchiveButton, QuoteLinkButton, ChatButton, DocumentsSection, CustomerData } = host.ui;
  return (
    <Stack gap="lg" className="lo-page" data-testid="loan-practice">
      <PracticeHeader quote={quote} />
      <Group gap="sm" data-testid="practice-actions">
        <StatusChanger quote={quote} />
        {host.flags.agent ? <EmissionButton quote={quote} money={money} /> : null}
        <SecciLink quote={quote} />
        <ArchiveButton quote={quote} />
        <QuoteLinkButton quote={quote} />
        <ChatButton roomId={chatRoom(quote._id)} />
      </Group>
      <div className="lo-practice-grid">
        <Stack gap="lg">
          <LoanCard quote={quote} />
          <Section title={t('practice.customer')} testId="practice-customer">
            <CustomerData quote={quote} />
          </Section>
          <DocumentsSection
            ownerKind="preventivo"
            ownerId={quote._id}
            required={checklist(loanOf(quote).kind).map(({ type, key }) => ({ type, label: t(`checklist.${key}`) }))}
          />
        </Stack>
        <Stack gap="lg">
          <QuotationCard quote={quote} money={money} />
          <EarningsCard money={money} />
          {loanOf(quote).quoted ? <EarlyRepaymentCard quote={quote} /> : null}
        </Stack>
      </div>
    </Stack>
  );
}

function PracticeNotFound() {
  const { t } = useTranslation('prestiti');
  return (
    <Center className="page-center">
      <Stack align="center" gap="xs" data-testid="practice-not-found">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconCashOff size={30} />
        </ThemeIcon>
        <Title order={3}>{t('practice.notFound')}</Title>
        <Text c="dimmed">{t('practice.notFoundText')}</Text>
        <Anchor component={Link} to={paths.list}>
          {t('practice.back')}
        </Anchor>
      </Stack>
    </Center>
  );
}

export default function LoanPracticePage() {
  const { id = '' } = useParams();
  const host = useHost();
  const quote = host.useCollection('preventivi')[id];
  if (quote && quote.type === PRODUCT_ID) return <Practice key={quote._id} quote={quote} />;
  if (!host.dataLoaded) {
    return (
      <Center className="page-center">
        <Loader />
      </Center>
    );
  }
  return <PracticeNotFound />;
}
