import { notifications } from '@mantine/notifications';

/** A red notification; `group` keeps one notification per kind (e.g. 'login'). */
export function notifyError(message: string, group?: string): void {
  if (group) notifications.hide(group);
  notifications.show({ id: group, color: 'red', message });
}
