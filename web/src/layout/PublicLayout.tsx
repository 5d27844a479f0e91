/** Public paths: reachable without login; the login screen waits for the token login first. */
import { Outlet } from 'react-router';
import { useSession } from '../session/context';
import { LoadingScreen } from './LoadingScreen';

export default function PublicLayout({ waitForSession = false }: { waitForSession?: boolean }) {
  const { phase } = useSession();
  if (waitForSession && phase === 'starting') return <LoadingScreen />;
  return (
    <div className="public-frame">
      <Outlet />
    </div>
  );
}
