/** The payment methods the tenant accepts (`metodiPagamento`): stored as codes, shown by
 * label; a payment with another method is refused by the server. At least one stays on. */
import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLiveDraft } from '../../lib/liveDraft';
import { useSession } from '../../session/context';
import { useSave } from './useSave';

interface Method {
  code: string;
  label: string;
  active: boolean;
}

export default function PaymentMethodsCard() {
  const { t } = useTranslation('settings');
  const { settings } = useSession();
  const methods = (settings?.paymentMethods ?? []) as Method[];
  const saved = { metodiPagamento: methods.filter((m) => m.active).map((m) => m.code) };
  const [chosen, setChosen] = useLiveDraft<string[]>(saved.metodiPagamento);
  const { busy, save } = useSave(saved);
  const toggle = (code: string, on: boolean) =>
    setChosen(methods.map((m) => m.code).filter((c) => (c === code ? on : chosen.includes(c))));
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="settings-payment-methods">
      <Stack gap="sm">
        <div>
          <Title order={4}>{t('paymentMethods.title')}</Title>
          <Text size="sm" c="dimmed">{t('paymentMethods.help')}</Text>
        </div>
        <Group gap="lg">
          {methods.map((m) => (
            <Checkbox key={m.code} label={m.label} checked={chosen.includes(m.code)} onChange={(e) => toggle(m.code, e.currentTarget.checked)} data-testid={`payment-method-${m.code}`} />
          ))}
        </Group>
        <Group justify="flex-end">
          <Button variant="light" disabled={!chosen.length} loading={busy} onClick={() => void save({ metodiPagamento: chosen })} data-testid="payment-methods-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
