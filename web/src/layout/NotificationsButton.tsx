/**
 * 'ATTIVA NOTIFICHE' (SPEC §2, §4): the label shows 2 s after load and stays 8 s; the button
 * hides once notifications are enabled. Denied permission opens 'Abilita le notifiche
 * manualmente' with the tenant's screenshot. On phones and tablets the button stays an icon (the
 * label would push the page title out of the top bar) and the dialog takes a phone's screen.
 */
import { ActionIcon, Button, Group, Image, Modal, Text } from '@mantine/core';
import { useBelow } from '@sportello/host-api';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices, useSession } from '../session/context';
import { usePopup } from './popups';

export const LABEL_DELAY_MS = 2000;
export const LABEL_SHOWN_MS = 8000;
const ENABLED_KEY = 'notificationsEnabled';
const HIDDEN_KEY = 'notificationsHidden';

const supported = () => 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;

function urlBase64ToUint8Array(base64: string): Uint8Array {
  const padded = (base64 + '='.repeat((4 - (base64.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

export function NotificationsButton() {
  const { t } = useTranslation('layout');
  const { session } = useServices();
  const { tenant, settings } = useSession();
  const [enabled, setEnabled] = useState(
    () => !supported() || localStorage.getItem(ENABLED_KEY) === '1' || localStorage.getItem(HIDDEN_KEY) === '1',
  );
  const [showLabel, setShowLabel] = useState(false);
  const [manualOpen, manual] = usePopup();
  const roomy = !useBelow('sm');
  const labelled = !useBelow('md');

  useEffect(() => {
    if (!supported()) console.warn('Notifiche push non supportate da questo browser');
    const show = setTimeout(() => setShowLabel(true), LABEL_DELAY_MS);
    const hide = setTimeout(() => setShowLabel(false), LABEL_DELAY_MS + LABEL_SHOWN_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, []);

  if (enabled) return null;

  const enable = async () => {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      manual.open();
      return;
    }
    try {
      const registration = await navigator.serviceWorker.register(`/sw.js?build=${encodeURIComponent(tenant.BUILD)}`);
      if (settings?.webpush) {
        const subscription = await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: urlBase64ToUint8Array(settings.webpush) as BufferSource,
        });
        await session.transmit('registerWebPush', subscription.toJSON());
      }
    } catch (error) {
      console.warn('registerWebPush', error); // the button stays: a later click tries again
      return;
    }
    localStorage.setItem(ENABLED_KEY, '1');
    setEnabled(true);
  };

  const hideForever = () => {
    localStorage.setItem(HIDDEN_KEY, '1');
    manual.close();
    setEnabled(true);
  };

  return (
    <>
      {showLabel && labelled ? (
        <Button size="xs" variant="light" leftSection={<IconBell size={16} />} onClick={enable} data-testid="enable-notifications">
          {t('notifications.enable')}
        </Button>
      ) : (
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={enable}
          aria-label={t('notifications.enable')}
          title={t('notifications.enable')}
          data-testid="enable-notifications"
        >
          <IconBell size={20} />
        </ActionIcon>
      )}
      <Modal
        opened={manualOpen}
        onClose={manual.close}
        title={t('notifications.manualTitle')}
        centered
        radius="lg"
        fullScreen={!roomy}
      >
        <Text size="sm" mb="md">
          {t('notifications.manualText')}
        </Text>
        <Image src={tenant.notificationsHelp} alt="" radius="md" />
        <Group justify="flex-end" mt="lg">
          <Button variant="subtle" color="gray" onClick={manual.close}>
            {t('common:cancel')}
          </Button>
          <Button variant="light" onClick={hideForever}>
            {t('notifications.hide')}
          </Button>
          <Button onClick={manual.close}>{t('common:ok')}</Button>
        </Group>
      </Modal>
    </>
  );
}
