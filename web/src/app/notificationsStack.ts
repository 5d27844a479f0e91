/** The notification stack as a module of its own, imported by DeferredNotifications. */
export { Notifications as default } from '@mantine/notifications';
