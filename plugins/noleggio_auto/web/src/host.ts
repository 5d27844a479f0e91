/** What the shell hands its product modules through the router's outlet context. */
import { useOutletContext } from 'react-router';

export interface HostContext {
  /** A user's display name, looked up lazily by the shell ('' while it loads). */
  userName: (id: string | null | undefined) => string;
}

export function useHost(): HostContext {
  return useOutletContext<HostContext>() ?? { userName: (id) => id ?? '' };
}
