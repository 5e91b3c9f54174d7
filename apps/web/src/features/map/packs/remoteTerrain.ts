import { FetchSource, PMTiles, SharedPromiseCache } from 'pmtiles';
import { PACKS_INDEX_PATH, type PackIndex } from '@clearway/protocol';
import { DIRECTORY_CACHE_ENTRIES, tileBoundsDeg } from './packTiles';

/** A failed index fetch is tried again after this long (offline, server starting). */
export const INDEX_RETRY_MS = 60_000;

interface RemoteRegion {
  code: string;
  bounds: readonly [number, number, number, number];
  url: string;
  minZoom: number;
  maxZoom: number;
}

/** The regions of a pack index with a terrain pack, newest cycle's (the index lists it first). */
export function terrainRegions(index: PackIndex, origin: string): RemoteRegion[] {
  const regions: RemoteRegion[] = [];
  for (const region of index.regions ?? []) {
    const pack = region.packs.find((entry) => entry.kind === 'terrain');
    if (pack) regions.push({ code: region.code, bounds: region.bounds, url: new URL(pack.url, origin).href, minZoom: pack.minZoom, maxZoom: pack.maxZoom });
  }
  return regions;
}

/**
 * Terrain tiles of the server's terrain packs (`/packs/{cycle}/{region}.terrain.pmtiles` from
 * /packs/index.json), read with HTTP Range requests (pmtiles FetchSource): the second source of the
 * 3D terrain, after a terrain pack on the device.
 */
export function remoteTerrain(origin: string, fetchIndex: () => Promise<Response> = () => fetch(new URL(PACKS_INDEX_PATH, origin))) {
  let regions: Promise<RemoteRegion[]> | null = null;
  let failedAt = -Infinity;
  const archives = new Map<string, PMTiles>();
  const load = (): Promise<RemoteRegion[]> => {
    if (regions) return regions;
    if (Date.now() - failedAt < INDEX_RETRY_MS) return Promise.resolve([]);
    regions = fetchIndex().then(async (response) => {
      if (!response.ok) throw new Error(`${PACKS_INDEX_PATH} answered ${response.status}`);
      return terrainRegions((await response.json()) as PackIndex, origin);
    });
    regions.catch(() => {
      failedAt = Date.now();
      regions = null;
    });
    return regions;
  };
  return async (z: number, x: number, y: number, signal: AbortSignal): Promise<Uint8Array | null> => {
    let known: RemoteRegion[];
    try {
      known = await load();
    } catch {
      return null;
    }
    const [west, south, east, north] = tileBoundsDeg(z, x, y);
    for (const region of known) {
      const [w, s, e, n] = region.bounds;
      if (z < region.minZoom || z > region.maxZoom || west >= e || east <= w || south >= n || north <= s) continue;
      let archive = archives.get(region.url);
      if (!archive) {
        archive = new PMTiles(new FetchSource(region.url), new SharedPromiseCache(DIRECTORY_CACHE_ENTRIES));
        archives.set(region.url, archive);
      }
      try {
        const found = await archive.getZxy(z, x, y, signal);
        if (found) return new Uint8Array(found.data);
      } catch (error) {
        if (signal.aborted) throw error;
      }
    }
    return null;
  };
}
