/**
 * Mantine's notification stack, mounted when the first notification is shown: its component and
 * animation code are not part of the login screen's JavaScript. Notifications shown before it
 * mounts wait in the store and appear as soon as it does.
 */
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState, type ComponentProps } from 'react';

const Notifications = lazy(() => import('./notificationsStack'));

type Props = ComponentProps<typeof Notifications>;

export function DeferredNotifications(props: Props) {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  ) : null;
}
