/**
 * `/prestiti/:id` (SPEC §2 'Loans practice page'): the loan's figures, the customer's data, the
 * status, the quotation with the consultancy slider in euro and the first instalment, the
 * earnings, the emission request, the SECCI sheet, documents and chat. The practice is read from
 * the live store, so it follows every change.
 */
import { Button, Group, Stack } from '@mantine/core';
import { IconCashOff, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmissionButton, PracticeHeader, PracticeNotFound, PracticeRoute, Section, useHost, type HostItem } from '@sportello/host-api';
import BackToList from '../components/BackToList';
import { checklist } from '../lib/checklist';
import { loanOf, PRODUCT_ID } from '../lib/loanQuote';
import { api, chatRoom, paths } from '../paths';
import EarlyRepaymentCard from './EarlyRepaymentCard';
import EarningsCard from './EarningsCard';
import LoanCard from './LoanCard';
import QuotationCard from './QuotationCard';
import { usePracticeMoney } from './usePracticeMoney';
import '@sportello/host-api/line.css';
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
    <Stack gap="lg" className="sp-page" data-testid="loan-practice">
      <PracticeHeader
        quote={quote}
        title={t('practice.title', { product: loanOf(quote).prodotto })}
        back={<BackToList />}
        labels={{
          archived: t('practice.archived'),
          id: (id) => t('practice.id', { id }),
          createdAt: (date) => t('practice.createdAt', { date }),
          emissionRequested: (date) => t('practice.emissionRequested', { date }),
        }}
      />
      <Group gap="sm" data-testid="practice-actions">
        <StatusChanger quote={quote} />
        {host.flags.agent ? (
          <EmissionButton
            quote={quote}
            consultancy={money.consultancy}
            requested={money.locked}
            quoted={loanOf(quote).quoted}
            labels={{
              request: t('emission.request'),
              undo: t('emission.undo'),
              requested: t('emission.requested'),
              undone: t('emission.undone'),
              error: (message) => t('emission.error', { message }),
              notQuoted: t('emission.notQuoted'),
            }}
          />
        ) : null}
        <SecciLink quote={quote} />
        <ArchiveButton quote={quote} />
        <QuoteLinkButton quote={quote} />
        <ChatButton roomId={chatRoom(quote._id)} />
      </Group>
      <div className="sp-practice-grid">
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

export default function LoanPracticePage() {
  const { t } = useTranslation('prestiti');
  return (
    <PracticeRoute
      line={PRODUCT_ID}
      render={(quote) => <Practice key={quote._id} quote={quote} />}
      notFound={
        <PracticeNotFound
          icon={<IconCashOff size={30} />}
          title={t('practice.notFound')}
          text={t('practice.notFoundText')}
          backTo={paths.list}
          backLabel={t('practice.back')}
        />
      }
    />
  );
}
