import { useEffect, useState } from 'react';
import { useServices } from './services';

/**
 * The airport the airport page showed last (prefs `airport_id`, upper case), read once unless `skip`
 * (the address already names one). The airport page and the chart supplement page fall back to it.
 */
export function useStoredAirportId(skip: boolean): string | null {
  const { prefs } = useServices();
  const [storedId, setStoredId] = useState<string | null>(null);
  useEffect(() => {
    if (skip) return undefined;
    let live = true;
    prefs.getProperty('airport_id').then(
      (id) => live && setStoredId(id ? id.toUpperCase() : null),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [prefs, skip]);
  return storedId;
}
