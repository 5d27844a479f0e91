/** Retiring a plate, once confirmed (`rca.targhe.ritira`): it leaves the register and the stream. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, useHost } from '@sportello/host-api';
import type { Plate } from '../lib/records';
import { CALLS, NAMESPACE } from '../paths';

export default function RetireDialog({ plate, onClose, onRetired }: { plate: Plate; onClose: () => void; onRetired?: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const host = useHost();
  const [busy, setBusy] = useState(false);

  const retire = async () => {
    setBusy(true);
    try {
      await host.call(CALLS.retire, { _id: plate._id });
      // the stream takes the plate out of every open list
      host.notify.success(t('retire.done', { targa: plate.targa }));
      onClose();
      onRetired?.();
    } catch (error) {
      host.notify.error(t('retire.error', { message: errorMessage(error) }));
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} radius="lg" title={<Text fw={700}>{t('retire.title')}</Text>}>
      <Stack gap="lg" data-testid="plate-retire-dialog">
        <Text>{t('retire.confirm', { targa: plate.targa })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button color="red" leftSection={<IconTrash size={18} />} loading={busy} onClick={() => void retire()} data-testid="plate-retire-confirm">
            {t('actions.retire')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
