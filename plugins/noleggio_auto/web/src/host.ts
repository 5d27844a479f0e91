/**
 * What the shell hands its product modules as the router's outlet context. The types are the
 * shell's own contract (web/src/federation/contract.ts), imported as types only: nothing of the
 * shell's sources ends up in the module, which is built on its own as a remote.
 */
import { useOutletContext } from 'react-router';
import type { HostContext } from '../../../../web/src/federation/contract';

export type { HostContext, HostItem, QuoteFilters } from '../../../../web/src/federation/contract';

/** The shell's context; the module's routes always render under the shell's outlet. */
export function useHost(): HostContext {
  return useOutletContext<HostContext>();
}
