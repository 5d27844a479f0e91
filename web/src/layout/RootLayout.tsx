/** Everything under the router: the connection banner, the page title and scroll memory. */
import { Outlet } from 'react-router';
import { ConnectionBanner } from './ConnectionBanner';
import { useDocumentTitle } from './useDocumentTitle';
import { useScrollMemory } from './useScrollMemory';

export default function RootLayout() {
  useDocumentTitle();
  useScrollMemory();
  return (
    <>
      <ConnectionBanner />
      <Outlet />
    </>
  );
}
