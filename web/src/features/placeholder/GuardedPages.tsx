/** Routes that exist only for some tenants or roles (SPEC §2), 'in arrivo' for now; who may
 * open them is their route's gate (src/app/routes.tsx). */
import { ComingSoon } from './ComingSoonPage';

/** /targhe: where the menu holds the plates entry (the tenant offers the `rca` line). */
export function PlatesPage() {
  return <ComingSoon />;
}
