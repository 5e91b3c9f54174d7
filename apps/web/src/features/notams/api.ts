import type { NotamRecord } from '@clearway/weather';
import { serverFetch } from '../../platform/serverFetch';

/** The server's answer for one airport (apps/server notams/routes.ts). */
export interface AirportNotams {
  airport: string;
  /** When the server last refreshed its NOTAMs (ms), null when it never did (no NOTAM source). */
  fetchedAt: number | null;
  notams: NotamRecord[];
}

/** `/notams/airport/{id}.json`; throws with the address and status when the server refuses. */
export async function fetchAirportNotams(id: string, fetchFn: typeof fetch = serverFetch, signal?: AbortSignal): Promise<AirportNotams> {
  const path = `/notams/airport/${encodeURIComponent(id)}.json`;
  const response = await fetchFn(path, { cache: 'no-cache', ...(signal === undefined ? {} : { signal }) });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const body = (await response.json()) as Partial<AirportNotams>;
  if (!Array.isArray(body.notams)) throw new Error(`${path} has no notams list`);
  return { airport: body.airport ?? id, fetchedAt: typeof body.fetchedAt === 'number' ? body.fetchedAt : null, notams: body.notams };
}
