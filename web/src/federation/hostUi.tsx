/**
 * The shell's shared quote components handed to product modules (`HostContext.ui`). Each one
 * loads on first use, in its own Suspense boundary, so none of them weighs on the login page.
 */
import { type ComponentProps, type ComponentType, lazy, type LazyExoticComponent, Suspense } from 'react';
import type { HostContext } from '@sportello/host-api';

type Ui = HostContext['ui'];

function deferred<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Lazy = lazy(load) as LazyExoticComponent<ComponentType<P>>;
  function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Deferred;
}

export const hostUi: Ui = {
  QuoteToolbar: deferred(() => import('../features/quotes/components/QuoteToolbar')),
  StatusChanger: deferred(() => import('../features/quotes/components/StatusChanger')),
  // modules show a quote's or a policy's files (the contract's narrower `ownerKind`)
  DocumentsSection: deferred<ComponentProps<Ui['DocumentsSection']>>(() => import('../features/quotes/components/DocumentsSection')),
  ArchiveButton: deferred(() => import('../features/quotes/components/ArchiveButton')),
  QuoteLinkButton: deferred(() => import('../features/quotes/components/QuoteLinkButton')),
  CustomerData: deferred(() => import('../features/quotes/components/CustomerData')),
  ChatButton: deferred(() => import('../features/quotes/components/ChatButton')),
  CustomerFieldsForm: deferred(() => import('../features/products/fields/CustomerFieldsForm')),
  CollaboratorSelect: deferred(() => import('../features/quotes/components/CollaboratorSelect')),
  StatusBadge: deferred(() => import('../features/quotes/components/StatusBadge')),
};
