/**
 * The line's own stream, declared to the host API: the shell syncs it (the server lists it for
 * whoever may read the register), keeps it live and resyncs it by watermark, tombstones included
 * (a retired plate leaves it); `useCollection` accepts its name with the records' type.
 */
import type { HostItem } from '@sportello/host-api';

/** The plates the user may see (plugins/rca: Publication 'rca/targhe', key 'p'). */
export const PLATES_STREAM = 'rca/targhe' as const;

declare module '@sportello/host-api' {
  interface Collections {
    /** The wire payload; read it through `asPlate` (./lib/records). */
    'rca/targhe': HostItem;
  }
}
