/**
 * `/noleggio-auto/:id` (SPEC §2 'Rental practice page'): the car and terms, the customer's data,
 * the status, the quotation with the consultancy slider, the earnings, the emission request,
 * archive, the customer's link, documents and chat. Everything is read from the live store, so it follows every change.
 */
import { Center, Group, Loader, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useHost, type HostItem } from '@sportello/host-api';
import { PRODUCT_ID } from '../lib/rentalQuote';
import { chatRoom } from '../paths';
import CarCard from './CarCard';
import CustomerCard from './CustomerCard';
import EarningsCard from './EarningsCard';
import EmissionButton from './EmissionButton';
import PracticeHeader from './PracticeHeader';
import PracticeNotFound from './PracticeNotFound';
import QuotationCard from './QuotationCard';
import { usePracticeMoney } from './usePracticeMoney';
import '../rental.css';

function Practice({ quote }: { quote: HostItem }) {
  const host = useHost();
  const money = usePracticeMoney(quote);
  const { StatusChanger, ArchiveButton, QuoteLinkButton, ChatButton, DocumentsSection } = host.ui;
  return (
    <Stack gap="lg" className="na-page" data-testid="rental-practice">
      <PracticeHeader quote={quote} />
      <Group gap="sm" data-testid="practice-actions">
        <StatusChanger quote={quote} />
        {host.flags.agent ? <EmissionButton quote={quote} money={money} /> : null}
        <ArchiveButton quote={quote} />
        <QuoteLinkButton quote={quote} />
        <ChatButton roomId={chatRoom(quote._id)} />
      </Group>
      <div className="na-practice-grid">
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
