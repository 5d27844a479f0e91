/**
 * An agent's emission request for a practice (`richiediEmissione {pId, quote, undo}`) at the
 * consultancy chosen, or the request taken back; waiting, with the reason beside it, while the
 * practice is not priced. The practice follows from the store; the labels are the line's.
 */
import { Button, Group, Text } from '@mantine/core';
import { IconSend, IconSendOff } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../calls';
import type { HostItem } from '../contract';
import { useHost } from '../useHost';

export interface EmissionButtonLabels {
  /** The button asking for emission. */
  request: string;
  /** The button taking the request back. */
  undo: string;
  /** The notification once requested. */
  requested: string;
  /** The notification once taken back. */
  undone: string;
  /** The notification of a refusal, given the server's message. */
  error: (message: string) => string;
  /** Beside the disabled button while the practice is not priced. */
  notQuoted: string;
}

export interface EmissionButtonProps {
  quote: HostItem;
  /** The consultancy asked for with the request (the line's plugin checks and keeps it). */
  consultancy: number | null;
  /** Whether the emission is requested: the button then takes the request back. */
  requested: boolean;
  /** Whether the practice is priced: until then no emission can be asked for. */
  quoted: boolean;
  labels: EmissionButtonLabels;
}

export default function EmissionButton({ quote, consultancy, requested, quoted, labels }: EmissionButtonProps) {
  const host = useHost();
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    setBusy(true);
    try {
      await host.call('richiediEmissione', { pId: quote._id, quote: requested ? null : consultancy, undo: requested });
      host.notify.success(requested ? labels.undone : labels.requested);
    } catch (error) {
      host.notify.error(labels.error(errorMessage(error)));
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
        {requested ? labels.undo : labels.request}
      </Button>
      {waiting ? (
        <Text size="xs" c="dimmed" maw={220} lh={1.3} data-testid="emission-waiting">
          {labels.notQuoted}
        </Text>
      ) : null}
    </Group>
  );
}
