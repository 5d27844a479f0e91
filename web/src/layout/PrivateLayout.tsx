/**
 * The logged-in frame: side menu and top bar around the page. Until the users data is loaded
 * the loading screen shows; without a user every private path redirects to /login.
 */
import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useServices, useSession } from '../session/context';
import { LOGIN_PATH } from '../app/paths';
import { useAccess } from '../session/useAccess';
import { LoadingScreen } from './LoadingScreen';
import { OtpPrompt } from './OtpPrompt';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';

export default function PrivateLayout() {
  const { phase, usersLoaded } = useSession();
  const { products, flags } = useAccess();
  const { modules } = useServices();
  const location = useLocation();

  useEffect(() => {
    if (phase === 'authenticated') modules.ensure(products);
  }, [phase, products, modules]);

  if (!usersLoaded || phase === 'starting') return <LoadingScreen />;
  if (phase !== 'authenticated') {
    return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname + location.search }} />;
  }
  return (
    <ModalsProvider>
      <div className="app-frame">
        <SideMenu />
        <div className="app-body">
          <TopBar />
          <main className="app-main" data-testid="page">
            <Outlet />
          </main>
          {flags.admin ? <OtpPrompt /> : null}
        </div>
      </div>
    </ModalsProvider>
  );
}
