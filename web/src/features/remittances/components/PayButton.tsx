/** "Registra pagamento": the day (not after today, on an open cash day), the method and a reference. */
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import DayInput from '../../../components/DayInput';
import { romeToday } from '../../policies/policyLogic';
import { errorText, notify } from '../../quotes/env';
import { payRemittance, type Remittance } from '../api';

const METHODS = ['bonifico', 'assegno', 'carta', 'sdd', 'contanti'] as const;

export default function PayButton({ remittance, onPaid }: { remittance: Remittance; onPaid: () => void }) {
  const { t } = useTranslation('remittances');
  const [open, setOpen] = useState(false);
  const [paidOn, setPaidOn] = useState(romeToday());
  const [method, setMethod] = useState<string>('bonifico');
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await payRemittance(remittance._id, { paidOn, method, reference });
      notify.success(t('pay.done'));
      setOpen(false);
      onPaid();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="compact-sm" onClick={() => setOpen(true)} data-testid="remit-pay">{t('pay.open')}</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('pay.title', { company: remittance.company })}>
        <Stack>
          <DayInput label={t('pay.day')} value={paidOn} max={romeToday()} onChange={(next) => setPaidOn(next ?? '')} data-testid="remit-pay-day" />
          <Select
            label={t('pay.method')}
            data={METHODS.map((code) => ({ value: code, label: t(`methods.${code}`) }))}
            value={method}
            onChange={(next) => setMethod(next ?? 'bonifico')}
            allowDeselect={false}
          />
          <TextInput label={t('pay.reference')} value={reference} maxLength={200} onChange={(event) => setReference(event.currentTarget.value)} />
          <Group justify="flex-end">
            <Button loading={busy} disabled={!paidOn} onClick={() => void save()} data-testid="remit-pay-save">{t('pay.save')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
