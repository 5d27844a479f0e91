/** A role's name in the interface language, with the tenant's wording for agents. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/context';

export function useRoleLabel(): (role: string) => string {
  const { t } = useTranslation('layout');
  const { tenant } = useSession();
  return useCallback((role: string) => (role === 'a' ? tenant.wording.agent : t(`roles.${role}`)), [t, tenant.wording.agent]);
}
