/**
 * Providers (Mantine with the tenant's theme, notifications) around the router; the dialogs'
 * provider is the logged-in layout's, since only logged-in screens open dialogs.
 */
import { MantineProvider } from '@mantine/core';
import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import type { createBrowserRouter } from 'react-router';
import { buildTheme, cookieColorSchemeManager, cssVariablesResolver } from '../lib/theme';
import type { TenantConfig } from '../lib/tenant';
import { AppContext, type AppServices } from '../session/context';
import { DeferredNotifications } from './DeferredNotifications';

export const NOTIFICATION_MS = 3500;
const colorSchemeManager = cookieColorSchemeManager();

export function App({
  router,
  services,
  tenant,
}: {
  router: ReturnType<typeof createBrowserRouter>;
  services: AppServices;
  tenant: TenantConfig;
}) {
  const { t } = useTranslation('common');
  const closeLabel = t('close');
  // the colours an admin saves reach every open client: the session re-reads the tenant
  const live = useSyncExternalStore(services.session.subscribe, () => services.session.getState().tenant);
  const colors = live?.colors ?? tenant.colors;
  const theme = useMemo(() => buildTheme(colors, closeLabel), [colors, closeLabel]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <AppContext.Provider value={services}>
        <DeferredNotifications position="top-center" autoClose={NOTIFICATION_MS} zIndex={4000} />
        <RouterProvider router={router} />
      </AppContext.Provider>
    </MantineProvider>
  );
}
