/**
 * Start-up: the tenant configuration, i18n, theme and session first; the app is mounted only
 * once the router has resolved its first route.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/shell.css';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { preloadPath } from './app/preload';
import { registerServiceWorker } from './app/serviceWorker';
import { routes } from './app/routes';
import { ModuleRegistry } from './federation/remotes';
import { initI18n, storedLanguage } from './lib/i18n';
import { fetchTenant } from './lib/tenant';
import { closeAllPopups } from './layout/popups';
import { followNetwork } from './session/network';
import { Session } from './session/session';
import { createSocket } from './session/socket';
import { LookupQueue } from './store/lookups';
import { DataStore } from './store/store';
import { notifyError } from './lib/notify';
import { browserOffline, OPENED_OFFLINE } from './lib/offline';

async function start(): Promise<void> {
  const tenant = await fetchTenant();
  document.body.classList.add(tenant.template || 'standard');
  // the page came with the deployment's colour; the admin may have chosen another since
  if (tenant.colors.primary) document.querySelector('meta[name="theme-color"]')?.setAttribute('content', tenant.colors.primary);
  const i18n = initI18n(storedLanguage(tenant.languages, tenant.defaultLanguage), tenant.wording);

  // the token login (and the realtime client it downloads) runs while the language loads
  const store = new DataStore();
  const session = new Session(tenant, createSocket, store, {
    reload: () => location.reload(),
    now: () => performance.now(),
    notifyError,
    closePopups: closeAllPopups,
    fetchTenant: () => fetchTenant(),
    storage: localStorage,
    logoutRequest: () => fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' }),
  });
  const lookups = new LookupQueue(store, (request) => session.lookup(request));
  const modules = new ModuleRegistry();
  followNetwork(session);
  session.start();
  await i18n;

  const router = createBrowserRouter(routes);
  await routerReady(router);
  createRoot(document.getElementById('root')!).render(
    <App router={router} services={{ session, store, lookups, modules, preload: preloadPath }} tenant={tenant} />,
  );
  registerServiceWorker(tenant.BUILD);
}

function routerReady(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) {
        unsubscribe();
        resolve();
      }
    });
  });
}

start().catch((error: unknown) => {
  const root = document.getElementById('root')!;
  root.className = 'start-error';
  if (browserOffline()) {
    root.textContent = OPENED_OFFLINE;
    root.dataset.testid = 'opened-offline';
    window.addEventListener('online', () => location.reload(), { once: true });
    return;
  }
  root.textContent = `Impossibile avviare l'applicazione: ${error instanceof Error ? error.message : String(error)}`;
});
