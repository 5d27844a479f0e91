/**
 * Start-up: the tenant configuration, i18n, theme and session first; the app is mounted only
 * once the router has resolved its first route. With no network, the app opens on the data
 * kept on the device (./store/offlineData) for the user last signed in, read-only.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/shell.css';
import './app/touch.css';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import { preloadPath } from './app/preload';
import { forgetPictures, moduleEntries, precacheApp, registerServiceWorker } from './app/serviceWorker';
import { routes } from './app/routes';
import { ModuleRegistry } from './federation/remotes';
import { initI18n, storedLanguage } from './lib/i18n';
import { fetchTenant, type TenantConfig } from './lib/tenant';
import { closeAllPopups } from './layout/popups';
import { followNetwork } from './session/network';
import { Session } from './session/session';
import { createSocket } from './session/socket';
import { storedToken } from './session/storage';
import type { Snapshot } from './store/offlineData';
import { LookupQueue } from './store/lookups';
import { DataStore } from './store/store';
import { notifyError } from './lib/notify';
import { browserOffline, OPENED_OFFLINE, SERVER_AWAY } from './lib/offline';
import { serverAway, whenReachable } from './session/reachability';

const offlineData = () => import('./store/offlineData').then((module) => module.offlineData());

/** The data kept on the device, when the app starts with no network and a user is signed in. */
async function keptData(): Promise<Snapshot | null> {
  const snapshot = await (await offlineData()).read();
  return snapshot && storedToken(snapshot.tenant.appName, localStorage) ? snapshot : null;
}

async function start(): Promise<void> {
  let tenant: TenantConfig;
  let snapshot: Snapshot | null = null;
  let away = false; // the browser is online, the server does not answer
  try {
    tenant = await fetchTenant();
  } catch (error) {
    const offline = browserOffline();
    snapshot = offline || serverAway(error) ? await keptData().catch(() => null) : null;
    if (!snapshot) throw error;
    tenant = snapshot.tenant;
    away = !offline;
  }
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
    offlineData,
    forgetPictures: () => forgetPictures(),
  });
  if (snapshot) session.restore(snapshot);
  const lookups = new LookupQueue(store, (request) => session.lookup(request));
  const modules = new ModuleRegistry();
  // opened on the kept data with the server away: read-only until it answers
  if (away) whenReachable(reachable, () => followNetwork(session));
  else followNetwork(session);
  session.start();
  await i18n;

  const router = createBrowserRouter(routes);
  await routerReady(router);
  createRoot(document.getElementById('root')!).render(
    <App router={router} services={{ session, store, lookups, modules, preload: preloadPath }} tenant={tenant} />,
  );
  registerServiceWorker(tenant.BUILD);
  whenSignedIn(session, () => precacheApp(moduleEntries(session.getState().tenant)));
}

/**
 * Run each time a signed-in session with its data is connected: after sign-in, and again after
 * each reconnect (what a lost network left unfinished is then finished).
 */
function whenSignedIn(session: Session, run: () => void): void {
  let ready = false;
  const check = () => {
    const { phase, offline, connected, dataLoadedAt } = session.getState();
    const now = phase === 'authenticated' && !offline && connected && dataLoadedAt !== null;
    if (now && !ready) run();
    ready = now;
  };
  check();
  session.subscribe(check);
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

/** Whether the server answers with the tenant's configuration. */
function reachable(): Promise<boolean> {
  return fetchTenant().then(
    () => true,
    () => false,
  );
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
  if (serverAway(error)) {
    root.textContent = SERVER_AWAY;
    root.dataset.testid = 'server-away';
    whenReachable(reachable, () => location.reload());
    return;
  }
  root.textContent = `Impossibile avviare l'applicazione: ${error instanceof Error ? error.message : String(error)}`;
});
