import { plateAirportPath, type PlateAirportList } from '@clearway/protocol';
import { isNetworkFailure, serverFetch } from '../../platform/serverFetch';
import { storedAirportPlates, storedPlatePdf } from '../downloads';

/** Where plates come from when the server cannot be reached: the plates packs on this device (features/downloads). */
export interface OfflinePlates {
  airport(airport: string): Promise<PlateAirportList | null>;
  pdf(url: string): Promise<ArrayBuffer | null>;
}

export const DEVICE_PLATES: OfflinePlates = { airport: storedAirportPlates, pdf: storedPlatePdf };

/** A fetch that failed to reach the server (offline, refused), as opposed to one cancelled. */
function unreachable(error: unknown, signal?: AbortSignal): boolean {
  return !signal?.aborted && isNetworkFailure(error);
}

/**
 * The airport's chart list from the server (PlateAirportList); when the server cannot be reached,
 * from a plates pack on this device. An Error saying what went wrong otherwise.
 */
export async function fetchAirportPlates(airport: string, fetchFn: typeof fetch = serverFetch, signal?: AbortSignal, offline: OfflinePlates = DEVICE_PLATES): Promise<PlateAirportList> {
  let response: Response;
  try {
    response = await fetchFn(plateAirportPath(airport), { signal: signal ?? null });
  } catch (error) {
    if (!unreachable(error, signal)) throw error;
    const stored = await offline.airport(airport).catch(() => null);
    if (stored !== null) return stored;
    throw new Error(`Plates of ${airport}: the server cannot be reached and no plates pack on this device holds ${airport} (Downloads: Approach plates)`);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `Plates of ${airport}: HTTP ${response.status}`);
  }
  return (await response.json()) as PlateAirportList;
}

/** The PDF bytes of a plate (the list's url, on the app's origin); from a plates pack on this device when the server cannot be reached. */
export async function fetchPlatePdf(url: string, fetchFn: typeof fetch = serverFetch, signal?: AbortSignal, offline: OfflinePlates = DEVICE_PLATES): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetchFn(url, { signal: signal ?? null });
  } catch (error) {
    if (!unreachable(error, signal)) throw error;
    const stored = await offline.pdf(url).catch(() => null);
    if (stored !== null) return stored;
    throw new Error(`Plate ${url}: the server cannot be reached and no plates pack on this device holds it`);
  }
  if (!response.ok) throw new Error(`Plate ${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}
