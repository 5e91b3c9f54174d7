import { AJAXError, type AddProtocolAction, type RequestParameters } from 'maplibre-gl';
import type { PackKind } from '@clearway/protocol';
import { parsePackTileUrl } from './urls';
import type { PackTiles } from './packTiles';

export { PACK_PROTOCOL, packTileUrl, parsePackTileUrl, type PackTileRequest } from './urls';

/** Durations of the tile reads answered from the device, ms (the latest READS_KEPT), for the figures. */
export const READS_KEPT = 2000;

export interface PackReadStats {
  /** Tiles answered from a pack on the device. */
  device: number;
  /** Tiles asked of the network (or the server's terrain packs). */
  network: number;
  /** Tiles answered from the device, by kind. */
  deviceByKind: Record<PackKind, number>;
  /** Durations of the device reads, ms, oldest first. */
  deviceMs: number[];
}

export interface PackProtocolDeps {
  tiles: PackTiles;
  fetch: typeof fetch;
  /** Terrain tiles of the server's terrain packs (HTTP Range); null when none has it. */
  remoteTerrain?: (z: number, x: number, y: number, signal: AbortSignal) => Promise<Uint8Array | null>;
  /** A network request is made (the map's transformRequest hook: noteMapRequest). */
  onNetwork?: (url: string) => void;
  now?: () => number;
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
    ? bytes.buffer
    : (bytes.slice().buffer as ArrayBuffer);
}

/** The MapLibre protocol handler of PACK_PROTOCOL, with its read figures. */
export function packProtocol(deps: PackProtocolDeps): { action: AddProtocolAction; stats: PackReadStats } {
  const stats: PackReadStats = { device: 0, network: 0, deviceByKind: { vfr: 0, 'ifr-low': 0, 'ifr-high': 0, basemap: 0, terrain: 0 }, deviceMs: [] };
  const now = deps.now ?? (() => performance.now());
  const action: AddProtocolAction = async (request: RequestParameters, abort: AbortController) => {
    const tile = parsePackTileUrl(request.url);
    if (!tile) throw new Error(`Not a pack tile address: ${request.url}`);
    const started = now();
    let stored: Uint8Array | null = null;
    try {
      stored = await deps.tiles.tile(tile.kind, tile.z, tile.x, tile.y, abort.signal);
    } catch (error) {
      if (abort.signal.aborted) throw error;
      console.warn(`[packs] ${tile.kind} tile ${tile.z}/${tile.x}/${tile.y} could not be read from the device: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (stored) {
      stats.device++;
      stats.deviceByKind[tile.kind]++;
      stats.deviceMs.push(now() - started);
      if (stats.deviceMs.length > READS_KEPT) stats.deviceMs.shift();
      return { data: toArrayBuffer(stored) };
    }
    stats.network++;
    if (tile.network === null) {
      const remote = await deps.remoteTerrain?.(tile.z, tile.x, tile.y, abort.signal);
      if (remote) return { data: toArrayBuffer(remote) };
      // No pack has it: a missing tile (a 404 is not a gap of the map, layers/tileGaps.ts).
      throw new AJAXError(404, 'No terrain pack holds this tile', request.url, new Blob());
    }
    deps.onNetwork?.(tile.network);
    const response = await deps.fetch(tile.network, { signal: abort.signal });
    if (!response.ok) throw new AJAXError(response.status, response.statusText, tile.network, await response.blob());
    return {
      data: await response.arrayBuffer(),
      cacheControl: response.headers.get('Cache-Control'),
      expires: response.headers.get('Expires'),
    };
  };
  return { action, stats };
}

/** Median and 95th percentile of durations, ms (null when none). */
export function readFigures(ms: readonly number[]): { count: number; medianMs: number; p95Ms: number } | null {
  if (ms.length === 0) return null;
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { count: sorted.length, medianMs: at(0.5), p95Ms: at(0.95) };
}
