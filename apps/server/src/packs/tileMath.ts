/** Web Mercator (XYZ) tile arithmetic, in degrees. */

/** The highest latitude Web Mercator shows, degrees. */
export const MERCATOR_MAX_LAT_DEG = 85.0511287798066;

/** Tile column holding a longitude at zoom z (clamped to the world). */
export function lonToTileX(lonDeg: number, z: number): number {
  const n = 2 ** z;
  return Math.min(n - 1, Math.max(0, Math.floor(((lonDeg + 180) / 360) * n)));
}

/** Tile row holding a latitude at zoom z (row 0 at the north, clamped to the world). */
export function latToTileY(latDeg: number, z: number): number {
  const n = 2 ** z;
  const lat = (Math.max(-MERCATOR_MAX_LAT_DEG, Math.min(MERCATOR_MAX_LAT_DEG, latDeg)) * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n;
  return Math.min(n - 1, Math.max(0, Math.floor(y)));
}

/** Longitude of a position in tile units (x may be fractional) at zoom z, degrees. */
export function tileXToLon(x: number, z: number): number {
  return (x / 2 ** z) * 360 - 180;
}

/** Latitude of a position in tile units (y may be fractional) at zoom z, degrees. */
export function tileYToLat(y: number, z: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;
}

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** Every tile at zooms minZoom..maxZoom that a `[west, south, east, north]` box touches. */
export function tilesInBounds(bounds: readonly [number, number, number, number], minZoom: number, maxZoom: number): TileAddress[] {
  const [west, south, east, north] = bounds;
  const tiles: TileAddress[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    const x0 = lonToTileX(west, z);
    const x1 = lonToTileX(east, z);
    const y0 = latToTileY(north, z);
    const y1 = latToTileY(south, z);
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) tiles.push({ z, x, y });
  }
  return tiles;
}

/** The `[west, south, east, north]` box of a tile, degrees. */
export function tileBounds(z: number, x: number, y: number): [number, number, number, number] {
  return [tileXToLon(x, z), tileYToLat(y + 1, z), tileXToLon(x + 1, z), tileYToLat(y, z)];
}
