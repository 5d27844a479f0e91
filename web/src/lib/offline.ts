/** Offline, the app is read-only: a change is refused at once with a message that says why. */
import i18next from 'i18next';

export class OfflineError extends Error {
  constructor() {
    super(i18next.t('layout:offline.refused'));
    this.name = 'OfflineError';
  }
}

/** Whether the browser says it has no network. */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
