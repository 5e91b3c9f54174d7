import { useEffect, useState } from 'react';
import { fetchAirportNotams, type AirportNotams } from './api';

export type AirportNotamsState = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'loaded'; data: AirportNotams };

/** The NOTAMs of an airport from the server, fetched when the airport changes. */
export function useAirportNotams(airportId: string, fetchFn?: typeof fetch): AirportNotamsState {
  const [state, setState] = useState<{ id: string; value: AirportNotamsState } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchAirportNotams(airportId, fetchFn, controller.signal)
      .then((data) => setState({ id: airportId, value: { kind: 'loaded', data } }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ id: airportId, value: { kind: 'error', message: error instanceof Error ? error.message : String(error) } });
      });
    return () => controller.abort();
  }, [airportId, fetchFn]);
  return state?.id === airportId ? state.value : { kind: 'loading' };
}
