/**
 * `/noleggio-auto/:id` (SPEC §2 'Rental practice page'): the car and terms, the customer's data,
 * the status, the quotation with the consultancy slider, the earnings, the emission request,
 * archive, the customer's link, documents and chat. Everything is read from the live store, so it follows every change.
 */
import { Group, Stack } from '@mantine/core';
import { IconCarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmissionButton, PracticeHeader, PracticeNotFound, PracticeRoute, useHost, type HostItem } from '@sportello/host-api';
import BackToList from '../components/BackToList';
import { priceOf, PRODUCT_ID } from '../lib/rentalQuote';
import { chatRoom, paths } from '../paths';
import CarCard from './CarCard';
import CustomerCard from './CustomerCard';
import EarningsCard from './EarningsCard';
import QuotationCard from './QuotationCard';
import { usePracticeMoney } from './usePracticeMoney';
import '@sportello/host-api/line.css';
import '../rental.css';

function Practice({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('noleggio_auto');
  const host = useHost();
  const money = usePracticeMoney(quote);
  const { StatusChanger, ArchiveButton, QuoteLinkButton, ChatButton, DocumentsSection } = host.ui;
  return (
    <Stack gap="lg" className="sp-page" data-testid="rental-practice">
      <PracticeHeader
        quote={quote}
        title={t('practice.title')}
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
            quoted={priceOf(quote).canone !== null}
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
        <ArchiveButton quote={quote} />
        <QuoteLinkButton quote={quote} />
        <ChatButton roomId={chatRoom(quote._id)} />
      </Group>
      <div className="sp-practice-grid">
        <Stack gap="lg">
          <CarCard quote={quote} />
          <CustomerCard quote={quote} />
          <DocumentsSection ownerKind="preventivo" ownerId={quote._id} />
        </Stack>
        <Stack gap="lg">
          <QuotationCard quote={quote} money={money} />
          <EarningsCard quote={quote} money={money} />
        </Stack>
      </div>
    </Stack>
  );
}

export default function RentalPracticePage() {
  const { t } = useTranslation('noleggio_auto');
  return (
    <PracticeRoute
      line={PRODUCT_ID}
      render={(quote) => <Practice key={quote._id} quote={quote} />}
      notFound={
        <PracticeNotFound
          icon={<IconCarOff size={30} />}
          title={t('practice.notFound')}
          text={t('practice.notFoundText')}
          backTo={paths.list}
          backLabel={t('practice.back')}
        />
      }
    />
  );
}
