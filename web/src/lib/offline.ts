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

/**
 * Shown when the app is opened with no network: the shell is cached, the tenant's configuration
 * and the language are not, so it says so in both languages and opens once the network returns.
 */
export const OPENED_OFFLINE =
  "Sei offline: l'app si apre appena torna la connessione. — You are offline: the app opens as soon as the connection returns.";

/**
 * Shown when the server does not answer at start-up and nothing is kept on the device: in both
 * languages (the language is not loaded yet); the app opens as soon as the server answers.
 */
export const SERVER_AWAY =
  "Il server non risponde: l'app si apre appena torna raggiungibile. — The server does not answer: the app opens as soon as it is reachable again.";
