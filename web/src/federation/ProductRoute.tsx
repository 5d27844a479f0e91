/**
 * `/{productId}/*`: the routes of an extra product's federated module, for users who have the
 * product. Products without a built module show the 'in arrivo' page; anything else is a 404.
 * Menus and routes follow the tenant configuration live (an admin may switch a product off).
 */
import { Suspense, useEffect } from 'react';
import { Outlet, useParams, useRoutes } from 'react-router';
import { useModules } from '../session/context';
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
