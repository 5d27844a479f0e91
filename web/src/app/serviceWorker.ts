/**
 * The service worker (/sw.js?build={BUILD}, SPEC §7): registered once the page has loaded, so
 * the shell is kept for offline use from the first visit; push notifications use the same one.
 */
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
 * Ask the service worker to cache every asset of the build (once a user has signed in, and when
 * the network returns): the screens not opened yet then open offline too. Nothing happens
 * without a worker.
 */
export function precacheApp(win: Window = window): void {
  if (!('serviceWorker' in win.navigator)) return;
  void win.navigator.serviceWorker.ready.then(
    (registration) => registration.active?.postMessage({ type: 'precache' }),
    () => undefined,
  );
}
