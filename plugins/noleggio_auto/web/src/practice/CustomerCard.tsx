/** The customer's data of the practice (the product's fields that are not hidden). */
import { useTranslation } from 'react-i18next';
import { Section, useHost, type HostItem } from '@sportello/host-api';

export default function CustomerCard({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('noleggio_auto');
  const { CustomerData } = useHost().ui;
  return (
    <Section title={t('practice.customer')} testId="practice-customer">
      <CustomerData quote={quote} />
    </Section>
  );
}
