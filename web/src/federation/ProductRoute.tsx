/**
 * `/{productId}/*`: the routes of an extra product's federated module, for users who have the
 * product. Products without a built module show the 'in arrivo' page; anything else is a 404.
 * Menus and routes follow the tenant configuration live (an admin may switch a product off).
 * `/targhe/*` (SPEC §2) mounts the `rca` line's module the same way (PlatesRoute).
 */
import { Suspense, useEffect } from 'react';
import { Outlet, useParams, useRoutes } from 'react-router';
import { useModules, useSession } from '../session/context';
import { useAccess } from '../session/useAccess';
import { NotFound } from '../features/errors/NotFoundPage';
import { ComingSoon } from '../features/placeholder/ComingSoonPage';
import type { TenantProduct } from '../lib/tenant';
import type { HostContext, ProductModule } from '@sportello/host-api';
import { useHostContext } from './hostContext';
import { ModuleError, RemoteBoundary } from './RemoteBoundary';
import { PageLoader } from '../components/PageLoader';

/** The module's routes under an outlet whose context is the host API modules may use. */
function ModuleRoutes({ module }: { module: ProductModule }) {
  const host: HostContext = useHostContext();
  const routes = useRoutes([{ element: <Outlet context={host} />, children: module.routes }]);
  return <Suspense fallback={<PageLoader />}>{routes ?? <NotFound />}</Suspense>;
}

function LoadedProduct({ product }: { product: TenantProduct }) {
  const modules = useModules();
  const state = modules.state(product.id);
  useEffect(() => {
    if (!state) void modules.load(product);
  }, [modules, product, state]);
  if (!state || state.status === 'loading') return <PageLoader />;
  if (state.status === 'error') return <ModuleError name={product.name} error={state.error} />;
  return (
    <RemoteBoundary key={product.id} name={product.name}>
      <ModuleRoutes module={state.module} />
    </RemoteBoundary>
  );
}

export default function ProductRoute() {
  const { productId } = useParams();
  const { products } = useAccess();
  const product = products.find((p) => p.id === productId);
  if (!product) return <NotFound />;
  if (!product.module) return <ComingSoon title={product.name} />;
  return <LoadedProduct product={product} />;
}

/** The line whose module serves `/targhe/*`: the plates register (SPEC §2, §6 'Plates'). */
export const PLATES_LINE = 'rca';

/**
 * `/targhe/*`: the plates register, the `rca` line's module, its routes relative to /targhe. The
 * line is no extra product: the route's gate is the core menu entry `targhe`, which the server
 * shows where the tenant offers the line and has it on; the module is the one the tenant
 * configuration advertises for the line. Without a built module, the 'in arrivo' page.
 */
export function PlatesRoute() {
  const { tenant } = useSession();
  const product = tenant.products.find((p) => p.id === PLATES_LINE);
  if (!product) return <NotFound />;
  if (!product.module) return <ComingSoon />;
  return <LoadedProduct product={product} />;
}
