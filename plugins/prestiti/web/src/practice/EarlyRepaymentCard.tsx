/**
 * 'Estinzione anticipata' (TUB art. 125-sexies): on a day the user picks, what closing the
 * quoted practice would come to, as the server computes it (`prestiti.estinzione`): the
 * principal still owed, the up-front costs refunded for the months left, and what is due.
 * The day is typed as gg/mm/aaaa (the shell's calendar field is not among the shared parts).
 */
import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuro, Section, useHost, type HostItem } from '@sportello/host-api';
import { isoDay } from '../lib/days';

interface EarlyRepayment {
  day: string;
  paid: number;
  remaining: number;
  residual: string;
  refunds: Record<string, string>;
  refund: string;
  due: string;
}

export default function EarlyRepaymentCard({ quote }: { quote: HostItem }) {
  const { t } = useTranslation('prestiti');
  const host = useHost();
  const [typed, setTyped] = useState('');
  const day = isoDay(typed);
  const [result, setResult] = useState<EarlyRepayment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function compute() {
    if (!day) return;
    setBusy(true);
    setError(null);
    try {
      setResult(await host.call<EarlyRepayment>('prestiti.estinzione', { pId: quote._id, day }));
    } catch (failure) {
      setResult(null);
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title={t('early.title')} testId="early-repayment">
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t('early.day')}
            placeholder="gg/mm/aaaa"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={typed && !day ? t('early.badDay') : undefined}
            data-testid="early-day"
          />
          <Button variant="light" onClick={() => void compute()} loading={busy} disabled={!day} data-testid="early-compute">
            {t('early.compute')}
          </Button>
        </Group>
        {error ? (
          <Text c="red" size="sm" role="alert" data-testid="early-error">
            {error}
          </Text>
        ) : null}
        {result ? (
          <Table withRowBorders={false} data-testid="early-result">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{t('early.paid', { paid: result.paid, remaining: result.remaining })}</Table.Td>
                <Table.Td />
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('early.residual')}</Table.Td>
                <Table.Td ta="right">{formatEuro(Number(result.residual))}</Table.Td>
              </Table.Tr>
              {Object.entries(result.refunds).map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Td>{t('early.refundOf', { name })}</Table.Td>
                  <Table.Td ta="right">− {formatEuro(Number(value))}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td fw={700}>{t('early.due')}</Table.Td>
                <Table.Td ta="right" fw={700} data-testid="early-due">
                  {formatEuro(Number(result.due))}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Section>
  );
}
