/** The current user's role flags, the menu the server computed, and the lines they may open. */
import { useMemo } from 'react';
import { roleFlags } from '../lib/roles';
import { useSession } from './context';

export function useAccess() {
  const { user, tenant, menu, lines } = useSession();
  return useMemo(() => {
    const open = new Set(lines);
    return { flags: roleFlags(user), menu, products: tenant.products.filter((p) => open.has(p.id)) };
  }, [user, tenant, menu, lines]);
}
