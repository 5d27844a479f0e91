/** A role's name in the interface language, with the tenant's wording for agents. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { roleKeyLabel, type User } from '../../lib/roles';
import { useSession } from '../../session/context';

/** `label('a')` is the tenant's agent; given the user who holds it, a sub-agent is the tenant's
 * sub-agent (see `roleKeyLabel`). */
export function useRoleLabel(): (role: string, holder?: Pick<User, 'role'>) => string {
  const { t } = useTranslation('layout');
  const { tenant } = useSession();
  return useCallback((role: string, holder?: Pick<User, 'role'>) => roleKeyLabel(role, holder, tenant.wording, t), [t, tenant.wording]);
}
