/**
 * The logged-in frame: side menu and top bar around the page. Until the users data is loaded
 * the loading screen shows; without a user every private path redirects to /login. A page
 * still loading (its translations, say) shows a loader inside the frame, never holds it back.
 * Below the theme's `md` breakpoint (phones, tablets) the side menu is a drawer the top bar's
 * burger opens, and the page takes the whole width.
 */
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { useBelow } from '@sportello/host-api';
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useServices, useSession } from '../session/context';
import { LOGIN_PATH } from '../app/paths';
import { PageLoader } from '../components/PageLoader';
import { useAccess } from '../session/useAccess';
import { LoadingScreen } from './LoadingScreen';
import { OtpPrompt } from './OtpPrompt';
import { MenuDrawer, SideMenu } from './SideMenu';
import { TopBar } from './TopBar';

export default function PrivateLayout() {
  const { phase, usersLoaded, dataLoadedAt } = useSession();
  const { products, flags } = useAccess();
  const { modules } = useServices();
  const location = useLocation();
  const synced = dataLoadedAt !== null;
  const compact = useBelow('md');
  const [drawerOpen, { close: closeDrawer, toggle: toggleDrawer }] = useDisclosure(false);

  // a new page, or a window wide enough for the side menu, closes the drawer
  useEffect(() => closeDrawer(), [location.pathname, compact, closeDrawer]);

  // the product modules (their menu labels) load once the first sync is in, not in its way;
  // a product's own page loads its module at once
  useEffect(() => {
    if (phase === 'authenticated' && synced) modules.ensure(products);
  }, [phase, synced, products, modules]);

  if (!usersLoaded || phase === 'starting') return <LoadingScreen />;
  if (phase !== 'authenticated') {
    return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname + location.search }} />;
  }
  return (
    <ModalsProvider>
      <div className={`app-frame${compact ? ' is-compact' : ''}`}>
        {compact ? <MenuDrawer opened={drawerOpen} onClose={closeDrawer} /> : <SideMenu />}
        <div className="app-body">
          <TopBar menu={compact ? { opened: drawerOpen, toggle: toggleDrawer } : undefined} />
          {/* the path of the screen shown: during a move to another page the router keeps the
              previous screen until the next one has loaded, and the browser tests wait for it */}
          <main className="app-main" data-testid="page" data-path={location.pathname}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </main>
          {flags.admin ? <OtpPrompt /> : null}
        </div>
      </div>
    </ModalsProvider>
  );
}
