/** An instalment row's kind when it is a change's receipt: 'Appendice' or 'Rimborso'. */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { receiptKind } from '../changeLogic';

export default function ReceiptKindBadge({ info }: { info: unknown }) {
  const { t } = useTranslation('policyChanges');
  const kind = receiptKind(info);
  if (!kind) return null;
  return (
    <Badge size="xs" ml={6} variant="outline" color={kind === 'rimborso' ? 'red' : 'blue'} data-testid="receipt-kind">
      {t(`receipt.${kind}`)}
    </Badge>
  );
}
