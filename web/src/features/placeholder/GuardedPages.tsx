/** Routes that exist only for some tenants or roles (SPEC §2), 'in arrivo' for now. */
import { useSession } from '../../session/context';
import { NotFound } from '../errors/NotFoundPage';
import { ComingSoon } from './ComingSoonPage';

/** /targhe: only where the tenant offers plates (the `rca` line). */
export function PlatesPage() {
  const { tenant } = useSession();
  return tenant.products.some((p) => p.id === 'rca') ? <ComingSoon /> : <NotFound />;
}
