import { plateAirportPath, type PlateAirportList } from '@clearway/protocol';
import { serverFetch } from '../../platform/serverFetch';

/** The airport's chart list from the server (PlateAirportList), or an Error saying what went wrong. */
export async function fetchAirportPlates(airport: string, fetchFn: typeof fetch = serverFetch, signal?: AbortSignal): Promise<PlateAirportList> {
  const response = await fetchFn(plateAirportPath(airport), { signal: signal ?? null });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `Plates of ${airport}: HTTP ${response.status}`);
  }
  return (await response.json()) as PlateAirportList;
}

/** The PDF bytes of a plate (the list's url, on the app's origin). */
export async function fetchPlatePdf(url: string, fetchFn: typeof fetch = serverFetch, signal?: AbortSignal): Promise<ArrayBuffer> {
  const response = await fetchFn(url, { signal: signal ?? null });
  if (!response.ok) throw new Error(`Plate ${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}
