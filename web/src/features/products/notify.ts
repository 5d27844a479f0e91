import { notifications } from '@mantine/notifications';

/** A green notification (the shell's notifications close by themselves after 3.5 s). */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, withCloseButton: true });
}

/** A red notification. */
export function notifyFailure(message: string): void {
  notifications.show({ color: 'red', message, withCloseButton: true });
}
