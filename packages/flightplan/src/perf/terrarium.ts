import type { Route } from '../model.js';
import type { TerrainSource } from './routeProfile.js';
import { intermediatePoint } from './sphere.js';

/**
 * Terrain along a route from the app's terrain tiles: web-mercator tiles in the Terrarium encoding
 * (metres = R * 256 + G + B / 256 - 32768, each pixel the elevation at its centre; the server's
 * terrain packs, apps/server/src/packs/terrain.ts). Pure: the caller fetches and decodes the PNGs.
 */

/** One decoded tile: `size` x `size` RGBA pixels, row-major from the north-west corner. */
export interface TerrainTile {
  z: number;
  x: number;
  y: number;
  size: number;
  rgba: Uint8Array | Uint8ClampedArray;
}

export interface TileId {
  z: number;
  x: number;
  y: number;
}

/** Pixels per tile side of the terrain packs. */
export const TERRAIN_TILE_PX = 256;

/** The world pixel coordinates of a position at zoom z (256-pixel tiles; pixel centres at +0.5). */
function worldPixel(latDeg: number, lonDeg: number, z: number, size: number): { px: number; py: number } {
  const scale = size * 2 ** z;
  const lat = Math.max(-85.05112878, Math.min(85.05112878, latDeg)) * (Math.PI / 180);
  const px = ((lonDeg + 180) / 360) * scale;
  const py = ((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * scale;
  return { px, py };
}

/**
 * The zoom to read terrain at for a route this long: the packs' deepest (11, a pixel about 55 m at
 * 44°N, the spacing of 3-arc-second samples) for short routes, one shallower per doubling past
 * 150 nm, so a long route needs about as many tiles as a short one (never below 7).
 */
export function profileTerrainZoom(totalNm: number): number {
  if (!(totalNm > 150)) return 11;
  return Math.max(7, 11 - Math.ceil(Math.log2(totalNm / 150)));
}

/**
 * The tiles the profile's lookups touch along the route's legs: for lookups every `stepNm`, the
 * tiles of the four pixels around each (so bilinear lookups across a tile edge have both sides).
 */
export function terrainTilesFor(route: Route, z: number, stepNm = 0.25): TileId[] {
  const seen = new Map<string, TileId>();
  const n = 2 ** z;
  const add = (gx: number, gy: number) => {
    const x = ((Math.floor(gx / TERRAIN_TILE_PX) % n) + n) % n;
    const y = Math.min(n - 1, Math.max(0, Math.floor(gy / TERRAIN_TILE_PX)));
    const key = `${x}/${y}`;
    if (!seen.has(key)) seen.set(key, { z, x, y });
  };
  for (const leg of route.all_legs) {
    if (leg.has_errors || !(leg.distance > 0)) continue;
    const steps = Math.max(1, Math.ceil(leg.distance / stepNm));
    for (let i = 0; i <= steps; i++) {
      const p = intermediatePoint(leg.start.location, leg.end.location, i / steps);
      const { px, py } = worldPixel(p.lat, p.lon, z, TERRAIN_TILE_PX);
      const gx = Math.floor(px - 0.5);
      const gy = Math.floor(py - 0.5);
      add(gx, gy);
      add(gx + 1, gy);
      add(gx, gy + 1);
      add(gx + 1, gy + 1);
    }
  }
  return [...seen.values()];
}

/** A Terrarium pixel as metres. */
export function terrariumMetres(r: number, g: number, b: number): number {
  return r * 256 + g + b / 256 - 32768;
}

/**
 * A TerrainSource over decoded Terrarium tiles of one zoom: bilinear between the four pixel centres
 * around a position (across tile edges); null where a needed tile is missing.
 */
export function terrariumTerrain(tiles: readonly TerrainTile[]): TerrainSource {
  const z = tiles[0]?.z ?? 0;
  const size = tiles[0]?.size ?? TERRAIN_TILE_PX;
  const byKey = new Map<string, TerrainTile>();
  for (const t of tiles) if (t.z === z && t.size === size) byKey.set(`${t.x}/${t.y}`, t);
  const n = 2 ** z;
  const pixel = (gx: number, gy: number): number | null => {
    const tx = ((Math.floor(gx / size) % n) + n) % n;
    const ty = Math.floor(gy / size);
    const tile = byKey.get(`${tx}/${ty}`);
    if (!tile) return null;
    const ix = ((gx % size) + size) % size;
    const iy = gy - ty * size;
    const at = (iy * size + ix) * 4;
    return terrariumMetres(tile.rgba[at]!, tile.rgba[at + 1]!, tile.rgba[at + 2]!);
  };
  return {
    elevationM(latDeg, lonDeg) {
      if (byKey.size === 0) return null;
      const { px, py } = worldPixel(latDeg, lonDeg, z, size);
      const fx = px - 0.5;
      const fy = py - 0.5;
      const gx = Math.floor(fx);
      const gy = Math.floor(fy);
      const a = pixel(gx, gy);
      const b = pixel(gx + 1, gy);
      const c = pixel(gx, gy + 1);
      const d = pixel(gx + 1, gy + 1);
      if (a === null || b === null || c === null || d === null) return null;
      const u = fx - gx;
      const v = fy - gy;
      return (a * (1 - u) + b * u) * (1 - v) + (c * (1 - u) + d * u) * v;
    },
  };
}
