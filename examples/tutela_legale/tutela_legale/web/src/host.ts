/**
 * What the screens take from the shell: the line's stream as a live collection, newest first.
 * The stream is declared to the host API (`Collections`): the shell syncs it for whoever the
 * server lists it for, keeps it live and resyncs it, and `useCollection` accepts its name.
 */
import { useHost, type HostItem } from '@sportello/host-api';
import { STREAM } from './paths';

export interface Practice extends HostItem {
  aId: string | null;
  title: string;
  client: string;
  status: string;
  at: string;
}

declare module '@sportello/host-api' {
  interface Collections {
    'tutela-legale/pratiche': Practice;
  }
}

/** The practices the user may see, kept live by the shell (a hook). */
export function usePractices(): Readonly<Record<string, Practice>> {
  return useHost().useCollection(STREAM);
}

export function newestFirst(practices: Readonly<Record<string, Practice>>): Practice[] {
  return Object.values(practices).sort((a, b) => b.at.localeCompare(a.at));
}
