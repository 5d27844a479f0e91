/** The current user's role flags, menu and extra products, recomputed when they change. */
import { useMemo } from 'react';
import { roleFlags } from '../lib/roles';
import { buildMenu, userExtraProducts } from '../menu/menuRules';
import { useSession } from './context';

export function useAccess() {
  const { user, tenant } = useSession();
  return useMemo(() => {
    const flags = roleFlags(user);
    const input = {
      flags,
      userProducts: user?.extraProducts ?? [],
      tenantProducts: tenant.products,
      only: tenant.menuOnly,
    };
    return { flags, menu: buildMenu(input), products: userExtraProducts(input) };
  }, [user, tenant]);
}
