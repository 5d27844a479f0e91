/**
 * `/acquisto-polizza/:id?c={code}` (no login): what the customer buys and pays now, and how they
 * pay — a bank transfer to the tenant's IBAN with its reason, or at the agency (no card
 * processor). The declaration reaches the agent and admins live.
 */
import { Alert, Button, Divider, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { CopyText, RadioList } from '../../components/NativeChoices';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { euros, shortDate, toCents } from '../policies/policyLogic';
import { declarePayment } from './api';
import PublicFrame from './PublicFrame';
import { failureOf, usePolicyPage } from './usePolicyPage';

function Info({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={500} data-testid={testId}>
        {value || '—'}
      </Text>
    </div>
  );
}

export default function PurchasePage() {
  const { t } = useTranslation('publicPolicy');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const code = params.get('c') ?? '';
  const { page, setPage, failure, setFailure } = usePolicyPage(id, code);
  const [method, setMethod] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (!page || !method) return;
    setSending(true);
    setError(null);
    try {
      const answer = await declarePayment(id, code, method);
      setPage({ ...page, policy: { ...page.policy, purchase: answer.purchase } });
    } catch (e) {
      const found = failureOf(e);
      if (found.kind === 'generic') setError(found.message);
      else setFailure(found);
    } finally {
      setSending(false);
    }
  };

  const policy = page?.policy;
  const transfer = page?.methods.find((m) => m.id === 'bonifico');
  const declared = policy?.purchase?.method;
  return (
    <PublicFrame title={t('purchase.title')} failure={failure} loading={!page}>
      {policy ? (
        <Stack gap="lg" data-testid="public-purchase">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Info label={t('customer')} value={policy.customer} />
            <Info label={t('company')} value={policy.company ?? ''} />
            <Info label={t('number')} value={policy.number ?? ''} />
            <Info label={t('period')} value={`${shortDate(policy.startDate)} – ${shortDate(policy.endDate)}`} />
            <Info label={t('frequency')} value={policy.frequency} />
            <Info label={t('premium')} value={euros(toCents(policy.premium))} />
          </SimpleGrid>
          {policy.rate.length ? (
            <Table striped verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('instalment')}</Table.Th>
                  <Table.Th>{t('due')}</Table.Th>
                  <Table.Th ta="right">{t('amount')}</Table.Th>
                  <Table.Th>{t('state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {policy.rate.map((r) => (
                  <Table.Tr key={r.n}>
                    <Table.Td>{r.n}</Table.Td>
                    <Table.Td>{shortDate(r.cassa)}</Table.Td>
                    <Table.Td ta="right">{euros(toCents(r.tot))}</Table.Td>
                    <Table.Td>{r.paid ? t('paid') : r.sospesa ? t('suspended') : t('toPay')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
          <Divider />
          <Group justify="space-between">
            <Text fw={600}>{t('dueNow')}</Text>
            <Text fw={700} size="xl" data-testid="due-now">
              {euros(toCents(policy.dueNow))}
            </Text>
          </Group>
          {declared ? (
            <Alert color="green" variant="light" icon={<IconCircleCheck />} data-testid="purchase-done">
              {t(declared === 'bonifico' ? 'purchase.doneTransfer' : 'purchase.doneAgency', { date: shortDate(policy.purchase.at) })}
            </Alert>
          ) : null}
          {declared === 'bonifico' || (!declared && method === 'bonifico') ? (
            transfer && transfer.id === 'bonifico' ? (
              <Stack gap={4} data-testid="transfer-details">
                <Text size="sm">{t('purchase.transferTo', { name: transfer.intestatario })}</Text>
                <Group gap="xs">
                  <Text ff="monospace" fw={600}>
                    {transfer.iban}
                  </Text>
                  <CopyText value={transfer.iban} copy={t('copy')} copied={t('copied')} />
                </Group>
                <Text size="sm">{t('purchase.reason', { reason: transfer.causale })}</Text>
              </Stack>
            ) : null
          ) : null}
          {!declared ? (
            <Stack gap="sm">
              <RadioList
                name="method"
                label={t('purchase.how')}
                value={method}
                choices={page.methods.map((m) => ({ value: m.id, label: t(`purchase.methods.${m.id}`) }))}
                onChange={setMethod}
                testId="method"
              />
              <Group justify="flex-end">
                <Button size="md" disabled={!method} loading={sending} onClick={() => void confirm()} data-testid="purchase-confirm">
                  {t('purchase.confirm')}
                </Button>
              </Group>
            </Stack>
          ) : null}
          {error ? (
            <Alert color="red" variant="light">
              {error}
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </PublicFrame>
  );
}
