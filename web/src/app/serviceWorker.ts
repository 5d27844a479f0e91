/**
 * The service worker (/sw.js?build={BUILD}, SPEC §7): registered once the page has loaded, so
 * the shell is kept for offline use from the first visit; push notifications use the same one.
 */
import type { TenantConfig } from '../lib/tenant';

/** Register the worker of this build once the page has loaded. */
export function registerServiceWorker(build: string, win: Window = window): void {
  if (!('serviceWorker' in win.navigator)) return;
  const register = () => {
    win.navigator.serviceWorker
      .register(`/sw.js?build=${encodeURIComponent(build)}`)
      .catch((error: unknown) => console.warn('service worker', error));
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}

/**
 * Ask the service worker to cache every asset of the build and the product modules whose entries
 * are given (once a user has signed in, and when the network returns): the screens not opened
 * yet, a line's included, then open offline too. Nothing happens without a worker.
 */
export function precacheApp(modules: readonly string[] = [], win: Window = window): void {
  if (!('serviceWorker' in win.navigator)) return;
  void win.navigator.serviceWorker.ready.then(
    (registration) => registration.active?.postMessage({ type: 'precache', modules: [...modules] }),
    () => undefined,
  );
}

/** The service worker's cache of the pictures the user has seen (public/sw.js PICTURES). */
export const PICTURES_CACHE = 'sportello-pictures';

/**
 * Drop the pictures kept for offline use (at logout, or when the session ended): the worker is
 * asked too, after the picture it may be keeping, so none comes back and its index starts over.
 */
export async function forgetPictures(win: Window = window): Promise<void> {
  win.navigator.serviceWorker?.controller?.postMessage({ type: 'forget-pictures' });
  if ('caches' in win) await win.caches.delete(PICTURES_CACHE);
}

/** The entries of the product modules a tenant offers (those built). */
export function moduleEntries(tenant: Pick<TenantConfig, 'products'>): string[] {
  return tenant.products.flatMap((product) => (product.module ? [product.module.entry] : []));
}
