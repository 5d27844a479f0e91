/**
 * The register from the line's synced stream (`rca/targhe`): the plates the user may see, by
 * plate, kept live by the shell (a plate saved or retired by anyone appears or leaves). A record
 * is read once: the store keeps an unchanged record's object, so a change among 20,000 plates
 * reads only the changed one again before the sort.
 */
import { useMemo } from 'react';
import { useHost, type HostItem } from '@sportello/host-api';
import { asPlate, byPlate, searchable, type Plate, type Searchable } from '../lib/records';
import { PLATES_STREAM } from '../streams';

const read = new WeakMap<HostItem, Searchable>();

function searchableOf(raw: HostItem): Searchable {
  let row = read.get(raw);
  if (!row) {
    row = searchable(asPlate(raw));
    read.set(raw, row);
  }
  return row;
}

export interface Register {
  /** By plate; `null` until the first sync is over and nothing has arrived. */
  rows: Searchable[] | null;
  /** The plates by id. */
  byId: Readonly<Record<string, Plate>>;
}

export function usePlates(): Register {
  const host = useHost();
  const synced = host.useCollection(PLATES_STREAM);
  return useMemo(() => {
    const rows = Object.values(synced).map(searchableOf);
    rows.sort((a, b) => byPlate(a.plate, b.plate));
    const byId = Object.fromEntries(rows.map((row) => [row.plate._id, row.plate]));
    return { rows: rows.length || host.dataLoaded ? rows : null, byId };
  }, [synced, host.dataLoaded]);
}
