/**
 * Agents ask for emission at the chosen consultancy (`richiediEmissione`), or take the request
 * back ('annulla richiesta emissione'); the practice updates live from the store.
 */
import { Button, Group, Text } from '@mantine/core';
import { IconSend, IconSendOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, useHost, type HostItem } from '@sportello/host-api';
import { priceOf } from '../lib/rentalQuote';
import type { PracticeMoney } from './usePracticeMoney';

export default function EmissionButton({ quote, money }: { quote: HostItem; money: PracticeMoney }) {
  const { t } = useTranslation('noleggio_auto');
  const host = useHost();
  const [busy, setBusy] = useState(false);
  const requested = money.locked;
  const quoted = priceOf(quote).canone !== null;

  const toggle = async () => {
    setBusy(true);
    try {
      await host.call('richiediEmissione', { pId: quote._id, quote: money.consultancy, undo: requested });
      host.notify.success(requested ? t('emission.undone') : t('emission.requested'));
    } catch (error) {
      host.notify.error(t('emission.error', { message: errorMessage(error) }));
    } finally {
      setBusy(false);
    }
  };

  const waiting = !requested && !quoted;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        variant={requested ? 'default' : 'filled'}
        color={requested ? 'red' : undefined}
        leftSection={requested ? <IconSendOff size={18} /> : <IconSend size={18} />}
        loading={busy}
        disabled={waiting}
        onClick={() => void toggle()}
        data-testid="emission-toggle"
      >
        {requested ? t('emission.undo') : t('emission.request')}
      </Button>
      {waiting ? (
        <Text size="xs" c="dimmed" maw={220} lh={1.3} data-testid="emission-waiting">
          {t('emission.notQuoted')}
        </Text>
      ) : null}
    </Group>
  );
}
