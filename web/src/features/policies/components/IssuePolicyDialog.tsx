/**
 * 'Emetti polizza' (admins): company, policy number, start and end dates, payment method,
 * frequency and prepaid; the server builds the instalments (`emettiPolizza`) and the new
 * policy opens.
 */
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PlainSelect, type HostItem } from '@sportello/host-api';
import { errorText, notify, useQuoteEnv } from '../../quotes/env';
import { emissionOf, FREQUENCIES, offersOf } from '../../quotes/quotation';
import { euros, romeToday, toCents } from '../policyLogic';

const nextYear = (iso: string) => `${Number(iso.slice(0, 4)) + 1}${iso.slice(4)}`;

export default function IssuePolicyDialog({ quote, opened, onClose }: { quote: HostItem; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('policies');
  const { call } = useQuoteEnv();
  const navigate = useNavigate();
  const emission = emissionOf(quote);
  const offers = offersOf(quote);
  const [company, setCompany] = useState(emission.company ?? offers[0]?.company ?? '');
  const offer = offers.find((o) => o.company === company);
  const [frequency, setFrequency] = useState(emission.frazionamento ?? offer?.frazionamento ?? 'ANN');
  const [number, setNumber] = useState('');
  const [start, setStart] = useState(romeToday());
  const [end, setEnd] = useState(nextYear(romeToday()));
  const [method, setMethod] = useState('Bonifico');
  const [prepaid, setPrepaid] = useState(false);
  const [busy, setBusy] = useState(false);
  const premium = emission.company === company && typeof emission.premium === 'number' ? emission.premium : offer?.tot;

  const issue = async () => {
    setBusy(true);
    try {
      const policy = await call<{ _id: string }>('emettiPolizza', {
        pId: quote._id,
        company,
        number: number.trim(),
        startDate: start,
        endDate: end,
        paymentMethod: method.trim(),
        frequency,
        prepaid,
      });
      notify.success(t('issue.done'));
      onClose();
      void navigate(`/polizza/${policy._id}`);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('issue.title')} centered size="lg">
      <Stack data-testid="issue-dialog">
        <Group grow>
          <PlainSelect label={t('issue.company')} data={offers.map((o) => ({ value: o.company, label: o.company }))} value={company} onChange={setCompany} />
          <PlainSelect
            label={t('issue.frequency')}
            data={FREQUENCIES.map((f) => ({ value: f, label: t(`frequency.${f}`) }))}
            value={frequency}
            onChange={setFrequency}
            data-testid="issue-frequency"
          />
        </Group>
        <Text fw={600} data-testid="issue-premium">
          {t('issue.premium', { amount: euros(toCents(premium)) })}
        </Text>
        <TextInput label={t('issue.number')} value={number} maxLength={100} required onChange={(e) => setNumber(e.currentTarget.value)} data-testid="issue-number" />
        <Group grow>
          <TextInput type="date" label={t('issue.start')} value={start} required onChange={(e) => setStart(e.currentTarget.value)} data-testid="issue-start" />
          <TextInput type="date" label={t('issue.end')} value={end} required onChange={(e) => setEnd(e.currentTarget.value)} data-testid="issue-end" />
        </Group>
        <TextInput label={t('issue.paymentMethod')} value={method} maxLength={50} required onChange={(e) => setMethod(e.currentTarget.value)} />
        <Checkbox label={t('issue.prepaid')} checked={prepaid} onChange={(e) => setPrepaid(e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button loading={busy} disabled={!number.trim() || !start || !end || !method.trim() || !company} onClick={() => void issue()} data-testid="issue-confirm">
            {t('issue.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
