/**
 * A policy's instalments (SPEC §3 `rate`): cassa date, amount, the agent's part, state (paid on
 * a date with a method, unpaid, suspended 'SOSP'); admins mark paid (on today or an earlier
 * day, with one of the tenant's payment methods), suspend and undo (`aggiornaRata`), and the
 * change reaches every open screen through the `polizze` stream.
 */
import { ActionIcon, Badge, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable, PlainSelect, useBelow, type HostItem, type ListColumn } from '@sportello/host-api';
import DayInput from '../../../components/DayInput';
import { defaultMethod, useMethodLabel, usePaymentMethods } from '../paymentMethods';
import { maxUploadMb, oversized, uploadDocs, uploadForm } from '../../quotes/documents';
import { errorText, notify, useQuoteEnv } from '../../quotes/env';
import ReceiptKindBadge from '../../policy-changes/components/ReceiptKindBadge';
import { euros, instalmentsOf, isSuspended, romeToday, shortDate, toCents, type Instalment } from '../policyLogic';

type Action = 'paga' | 'annulla' | 'sospendi' | 'riattiva';

function PayDialog({ policy, rata, onClose }: { policy: HostItem; rata: Instalment | null; onClose: () => void }) {
  const { t } = useTranslation('policies');
  const { call } = useQuoteEnv();
  const methods = usePaymentMethods();
  const today = romeToday();
  const [date, setDate] = useState(today);
  const [method, setMethod] = useState(() => defaultMethod(methods, policy.paymentMethod));
  const [busy, setBusy] = useState(false);
  const future = date > today;
  const pay = async () => {
    if (!rata || future) return;
    setBusy(true);
    try {
      await call('aggiornaRata', { policyId: policy._id, n: rata.n, action: 'paga', date, ...(method ? { method } : {}) });
      notify.success(t('rate.paidDone', { n: rata.n }));
      onClose();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={rata !== null} onClose={onClose} title={t('rate.payTitle', { n: rata?.n ?? '' })} centered>
      <Stack>
        <DayInput label={t('rate.payDate')} value={date} max={today} onChange={(next) => setDate(next ?? '')} required
          error={future ? t('rate.futureDate') : undefined} data-testid="pay-date" />
        <PlainSelect label={t('rate.payMethod')} value={method} onChange={setMethod} data={methods.map((m) => ({ value: m.code, label: m.label }))} data-testid="pay-method" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button loading={busy} disabled={!date || future || !method} onClick={() => void pay()} data-testid="pay-confirm">
            {t('rate.markPaid')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A receipt for instalment `n`: uploaded with `nRata` under the allegati key `rata-{n}`. */
function ReceiptUpload({ policy, n }: { policy: HostItem; n: number }) {
  const { t } = useTranslation('policies');
  const { t: tq } = useTranslation('quotes');
  const { appName, maxUploadMb: tenantMb, token } = useQuoteEnv();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    if (oversized([file], appName, tenantMb).length) {
      notify.error(tq('docs.tooLarge', { file: file.name, mb: maxUploadMb(appName, tenantMb) }));
      return;
    }
    setBusy(true);
    try {
      const [entry] = await uploadDocs(uploadForm({ ownerKind: 'polizza', ownerId: policy._id, docType: `rata-${n}`, nRata: n }, [file]), token());
      if (entry && 'err' in entry) notify.error(tq('docs.fileError', { name: entry.name, err: entry.err }));
      else notify.success(tq('docs.uploaded'));
    } catch {
      notify.error(tq('docs.uploadError'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FileButton onChange={(file) => void upload(file)}>
      {(props) => (
        <ActionIcon {...props} variant="subtle" loading={busy} aria-label={t('rate.receipt', { n })} title={t('rate.receipt', { n })}>
          <IconUpload size={16} />
        </ActionIcon>
      )}
    </FileButton>
  );
}

/** An instalment's state: paid (on a date, with a method), suspended or unpaid. */
function State({ rata }: { rata: Instalment }) {
  const { t } = useTranslation('policies');
  const methodLabel = useMethodLabel();
  if (rata.paid) {
    return (
      <Badge color="green" variant="light" data-testid="instalment-state">
        {t('rate.paidOn', { date: shortDate(rata.paidAt) })}
        {rata.paidMethod ? ` · ${methodLabel(rata.paidMethod)}` : ''}
      </Badge>
    );
  }
  return isSuspended(rata) ? (
    <Badge color="gray" variant="light" data-testid="instalment-state">
      {t('rate.suspended')}
    </Badge>
  ) : (
    <Badge color="orange" variant="light" data-testid="instalment-state">
      {t('rate.unpaid')}
    </Badge>
  );
}

export default function InstalmentsTable({ policy }: { policy: HostItem }) {
  const { t } = useTranslation('policies');
  const { flags, canEdit, call } = useQuoteEnv();
  const phone = useBelow('sm');
  const [paying, setPaying] = useState<Instalment | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const rate = instalmentsOf(policy);

  const act = async (n: number, action: Action) => {
    setBusy(`${n}-${action}`);
    try {
      await call('aggiornaRata', { policyId: policy._id, n, action });
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  if (!rate.length) {
    const paid = policy.paid as { v?: boolean; at?: string | null } | undefined;
    return (
      <Group gap="sm" data-testid="single-payment">
        <Text>{t('rate.single')}</Text>
        <Badge color={paid?.v ? 'green' : 'orange'} variant="light">
          {paid?.v ? t('rate.paidOn', { date: shortDate(paid.at) }) : t('rate.unpaid')}
        </Badge>
        {flags.admin ? (
          <Button size="xs" variant="light" loading={busy !== null} onClick={() => void act(0, paid?.v ? 'annulla' : 'paga')} data-testid="single-toggle">
            {paid?.v ? t('rate.undo') : t('rate.markPaid')}
          </Button>
        ) : null}
      </Group>
    );
  }

  // on a phone a card per instalment: its number and state at the head, the figures below, the
  // admin's buttons across the card
  const columns: ListColumn<Instalment>[] = [
    {
      key: 'n',
      header: t('rate.n'),
      card: 'title',
      cell: (rata) =>
        phone ? (
          <Group justify="space-between" gap="xs">
            <span>
              {t('rate.n')} {rata.n}
              <ReceiptKindBadge info={rata.info} />
            </span>
            <State rata={rata} />
          </Group>
        ) : (
          <>
            {rata.n}
            <ReceiptKindBadge info={rata.info} />
          </>
        ),
    },
    { key: 'cassa', header: t('rate.cassa'), cell: (rata) => shortDate(rata.cassa) },
    { key: 'total', header: t('rate.total'), th: { ta: 'right' }, td: { className: 'policy-money' }, cell: (rata) => euros(toCents(rata.price?.tot)) },
    { key: 'agent', header: t('rate.agent'), th: { ta: 'right' }, td: { className: 'policy-money' }, cell: (rata) => euros(toCents(rata.price?.agente?.tot)) },
    { key: 'state', header: t('rate.state'), card: 'hidden', cell: (rata) => <State rata={rata} /> },
    ...(flags.admin
      ? [{
          key: 'actions',
          header: phone ? '' : t('rate.actions'),
          card: 'wide',
          cell: (rata: Instalment) => (
            <Group gap={4} wrap={phone ? 'wrap' : 'nowrap'}>
              {canEdit ? <ReceiptUpload policy={policy} n={rata.n} /> : null}
              {rata.paid ? (
                <Button size="compact-xs" variant="subtle" color="red" loading={busy === `${rata.n}-annulla`} onClick={() => void act(rata.n, 'annulla')}>
                  {t('rate.undo')}
                </Button>
              ) : isSuspended(rata) ? (
                <Button size="compact-xs" variant="subtle" loading={busy === `${rata.n}-riattiva`} onClick={() => void act(rata.n, 'riattiva')}>
                  {t('rate.resume')}
                </Button>
              ) : (
                <>
                  <Button size="compact-xs" variant="light" onClick={() => setPaying(rata)} data-testid="instalment-pay">
                    {t('rate.markPaid')}
                  </Button>
                  <Button size="compact-xs" variant="subtle" color="gray" loading={busy === `${rata.n}-sospendi`} onClick={() => void act(rata.n, 'sospendi')}>
                    {t('rate.suspend')}
                  </Button>
                </>
              )}
            </Group>
          ),
        } satisfies ListColumn<Instalment>]
      : []),
  ];

  return (
    <>
      <ListTable
        rows={rate}
        columns={columns}
        rowKey={(rata) => String(rata.n)}
        rowProps={(rata) => ({ 'data-testid': 'instalment-row', 'data-paid': rata.paid ? 'yes' : 'no' })}
        minWidth={640}
        label={t('rate.title')}
        table={{ striped: true, verticalSpacing: 'xs' }}
        testId="instalments"
      />
      <PayDialog policy={policy} rata={paying} onClose={() => setPaying(null)} />
    </>
  );
}
