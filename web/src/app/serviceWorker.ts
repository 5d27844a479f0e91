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
