/**
 * 'Emetti polizza' (admins): company, policy number, start and end dates, payment method,
 * frequency and prepaid; the server builds the instalments (`emettiPolizza`) and the new
 * policy opens. What the server checks shows here: documents refused or missing stop the issue
 * until a reason is given (recorded on the policy); a start further back than the tenant's
 * `retrodatazioneMaxGiorni` asks to be confirmed; a number already used for the company says so.
 */
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PlainSelect, type HostItem } from '@sportello/host-api';
import DayInput from '../../../components/DayInput';
import { defaultMethod, usePaymentMethods } from '../paymentMethods';
import { errorText, notify, useQuoteEnv } from '../../quotes/env';
import { emissionOf, FREQUENCIES, offersOf } from '../../quotes/quotation';
import { useSession } from '../../../session/context';
import { euros, romeToday, toCents } from '../policyLogic';
import { daysBefore, DEFAULT_MAX_PAST_DAYS, issueRefusal, OVERRIDE_MAX, OVERRIDE_MIN } from '../issueChecks';

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
  const methods = usePaymentMethods();
  const [method, setMethod] = useState(() => defaultMethod(methods, 'bonifico'));
  const [prepaid, setPrepaid] = useState(false);
  const [busy, setBusy] = useState(false);
  const { settings } = useSession();
  const limit = typeof settings?.retrodatazioneMaxGiorni === 'number' ? settings.retrodatazioneMaxGiorni : DEFAULT_MAX_PAST_DAYS;
  // the server's answer, else what the live quote says (documents refused while the dialog is open)
  const [answered, setDocuments] = useState<'refused' | 'missing' | null>(null);
  const documents = answered ?? (quote.docStatus === -1 ? 'refused' : null);
  const [reason, setReason] = useState('');
  const [pastAsked, setPastAsked] = useState(false);
  const [pastConfirmed, setPastConfirmed] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const back = start ? daysBefore(start, romeToday()) : 0;
  const pastStart = pastAsked || back > limit;
  const reasonOk = reason.trim().length >= OVERRIDE_MIN;
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
        ...(documents ? { overrideReason: reason.trim() } : {}),
        ...(pastStart ? { confirmPastStart: pastConfirmed } : {}),
      });
      notify.success(t('issue.done'));
      onClose();
      void navigate(`/polizza/${policy._id}`);
    } catch (error) {
      const why = issueRefusal(error);
      if (why?.check === 'documents') setDocuments(why.documents);
      else if (why?.check === 'pastStart') setPastAsked(true);
      setRefusal(errorText(error));
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
          <DayInput label={t('issue.start')} value={start} required onChange={(next) => setStart(next ?? '')} data-testid="issue-start" />
          <DayInput label={t('issue.end')} value={end} min={start || undefined} required onChange={(next) => setEnd(next ?? '')} data-testid="issue-end" />
        </Group>
        <PlainSelect label={t('issue.paymentMethod')} value={method} onChange={setMethod} data={methods.map((m) => ({ value: m.code, label: m.label }))} data-testid="issue-method" />
        <Checkbox label={t('issue.prepaid')} checked={prepaid} onChange={(e) => setPrepaid(e.currentTarget.checked)} />
        {pastStart ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle />} data-testid="issue-past-start">
            <Stack gap="xs">
              <Text size="sm">{t('issue.pastStart', { days: back, max: limit })}</Text>
              <Checkbox
                label={t('issue.confirmPastStart')}
                checked={pastConfirmed}
                onChange={(e) => setPastConfirmed(e.currentTarget.checked)}
                data-testid="issue-confirm-past"
              />
            </Stack>
          </Alert>
        ) : null}
        {documents ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={t(`issue.documents.${documents}`)} data-testid="issue-documents">
            <Stack gap="xs">
              <Text size="sm">{t('issue.documents.override')}</Text>
              <Textarea
                label={t('issue.documents.reason')}
                description={t('issue.documents.reasonHint', { min: OVERRIDE_MIN, max: OVERRIDE_MAX })}
                value={reason}
                maxLength={OVERRIDE_MAX}
                autosize
                minRows={2}
                required
                onChange={(e) => setReason(e.currentTarget.value)}
                data-testid="issue-override-reason"
              />
            </Stack>
          </Alert>
        ) : null}
        {refusal && !documents && !pastStart ? (
          <Alert color="red" variant="light" data-testid="issue-refusal">
            {refusal}
          </Alert>
        ) : null}
        {refusal && (documents || pastStart) ? (
          <Text size="sm" c="red" data-testid="issue-refusal">
            {refusal}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            loading={busy}
            color={documents ? 'red' : undefined}
            disabled={!number.trim() || !start || !end || !method.trim() || !company || (documents !== null && !reasonOk) || (pastStart && !pastConfirmed)}
            onClick={() => void issue()}
            data-testid="issue-confirm"
          >
            {documents ? t('issue.confirmOverride') : t('issue.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
