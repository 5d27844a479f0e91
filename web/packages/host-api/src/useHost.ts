import { useOutletContext } from 'react-router';
import type { HostContext } from './contract';

/** The shell's context, for a module's routes (they always render under the shell's outlet). */
export function useHost(): HostContext {
  return useOutletContext<HostContext>();
}
