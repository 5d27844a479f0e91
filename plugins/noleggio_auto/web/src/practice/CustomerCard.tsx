/** The customer's data of the practice (the product's fields that are not hidden). */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import Section from '../components/Section';
import type { HostItem } from '../host';
import { usrEntries, valueText } from '../lib/rentalQuote';

export default function CustomerCard({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('noleggio_auto');
  const entries = usrEntries(quote);
  return (
    <Section title={t('practice.customer')} testId="practice-customer">
      {entries.length ? (
        <div className="na-field-grid">
          {entries.map((entry) => (
            <div key={entry._id}>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
                {entry.name}
              </Text>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {typeof entry.value === 'boolean' ? t(entry.value ? 'values.yes' : 'values.no') : valueText(entry.value)}
              </Text>
            </div>
          ))}
        </div>
      ) : (
        <Text c="dimmed" size="sm">
          {t('practice.noCustomer')}
        </Text>
      )}
    </Section>
  );
}
