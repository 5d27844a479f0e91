/**
 * The car catalogue from `noleggioAuto.auto` (active cars; every car for admin and responsabile),
 * read again whenever the line's channel says a car changed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useHost } from '@sportello/host-api';
import { asCar, sortCars, type Car } from '../lib/catalogue';
import { errorMessage } from '../lib/newRental';
import { CARS_CHANNEL } from '../paths';

export interface Catalogue {
  cars: Car[] | null;
  error: string | null;
  reload: () => void;
}

export function useCatalogue(): Catalogue {
  const host = useHost();
  // the host object changes with the live data; the catalogue is fetched once (and on reload)
  const call = useRef(host.call);
  call.current = host.call;
  const [cars, setCars] = useState<Car[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    setError(null);
    call.current<{ cars?: unknown[] }>('noleggioAuto.auto', {}).then(
      (answer) => live && setCars(sortCars((answer.cars ?? []).map(asCar))),
      (e: unknown) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  host.useChannel(CARS_CHANNEL, reload);
  return { cars, error, reload };
}
