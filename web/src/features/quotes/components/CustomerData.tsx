/** A quote's customer data: the product's fields that are not hidden, each as readable text. */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HostItem } from '@sportello/host-api';
import { fieldText } from '../fieldText';
import '../quotes.css';

interface UsrEntry {
  _id: string;
  name?: string;
  type?: string;
  value?: unknown;
  hide?: boolean;
}

export function visibleEntries(quote: HostItem): UsrEntry[] {
  const entries = Array.isArray(quote.usrData) ? (quote.usrData as UsrEntry[]) : [];
  return entries.filter((entry) => entry && typeof entry === 'object' && !entry.hide);
}

export default function CustomerData({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('quotes');
  const entries = visibleEntries(quote);
  if (!entries.length) return <Text c="dimmed">{t('detail.noFields')}</Text>;
  return (
    <div className="field-grid" data-testid="customer-fields">
      {entries.map((entry) => (
        <div key={entry._id}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {entry.name ?? entry._id}
          </Text>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {fieldText(entry.type, entry.value, t)}
          </Text>
        </div>
      ))}
    </div>
  );
}
