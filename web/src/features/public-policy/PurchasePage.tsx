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
import PublicFrame from '../../components/PublicFrame';
import { usePolicyPage } from './usePolicyPage';
import InfoField from '../../components/InfoField';


export default function PurchasePage() {
  const { t } = useTranslation('publicPolicy');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const code = params.get('c') ?? '';
  const { page, setPage, failure, fail } = usePolicyPage(id, code);
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
      setError(fail(e));
    } finally {
      setSending(false);
    }
  };

  const policy = page?.policy;
  const transfer = page?.methods.find((m) => m.id === 'bonifico');
  const declared = policy?.purchase?.method;
  return (
    <PublicFrame title={t('purchase.title')} failure={failure} loading={!page} ns="publicPolicy" errorTestId="public-policy-error">
      {policy ? (
        <Stack gap="lg" data-testid="public-purchase">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <InfoField label={t('customer')} value={policy.customer} />
            <InfoField label={t('company')} value={policy.company ?? ''} />
            <InfoField label={t('number')} value={policy.number ?? ''} />
            <InfoField label={t('period')} value={`${shortDate(policy.startDate)} – ${shortDate(policy.endDate)}`} />
            <InfoField label={t('frequency')} value={policy.frequency} />
            <InfoField label={t('premium')} value={euros(toCents(policy.premium))} />
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
