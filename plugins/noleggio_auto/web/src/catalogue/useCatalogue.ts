/**
 * The car catalogue from the line's synced stream (`noleggio-auto/auto`): active cars, and
 * every car for admin and responsabile (the server sends each user their share and keeps it
 * live: a car saved by someone else appears, one retired leaves the agents' lists).
 */
import { useMemo } from 'react';
import { useHost } from '@sportello/host-api';
import { asCar, sortCars, type Car } from '../lib/catalogue';
import { CARS_STREAM } from '../streams';

export interface Catalogue {
  /** `null` until the first sync is over and nothing has arrived. */
  cars: Car[] | null;
}

export function useCatalogue(): Catalogue {
  const host = useHost();
  const synced = host.useCollection(CARS_STREAM);
  const canEdit = host.flags.canEdit;
  const cars = useMemo(
    () => sortCars(Object.values(synced).map(asCar)).filter((car) => canEdit || car.active),
    [synced, canEdit],
  );
  return { cars: cars.length || host.dataLoaded ? cars : null };
}
