import { encodeRgbPng } from './png.js';
import type { ElevationGrid } from './hgt.js';
import { tileXToLon, tileYToLat } from './tileMath.js';

/**
 * Terrain tiles in the Terrarium encoding: metres = R * 256 + G + B / 256 - 32768. Chosen over
 * Mapbox terrain-RGB (metres = -10000 + (R * 65536 + G * 256 + B) * 0.1) because whole metres, the
 * precision of SRTM/NASADEM samples, then fill R and G only with B = 0, so tiles compress better than
 * terrain-RGB's 0.1 m steps, which vary B pixel to pixel; it covers -32768..32767 m (the Dead Sea
 * and the sea floor too); and MapLibre's raster-dem reads it with `encoding: 'terrarium'`.
 */

/** Pixels per tile side (MapLibre raster-dem `tileSize: 256`). */
export const TERRAIN_TILE_SIZE = 256;
/**
 * Zooms of the terrain tiles. At 11 a pixel is about 55 m at 44°N, the spacing of the 3-arc-second
 * samples (90 m north-south, 66 m east-west there), so deeper zooms would add no information; the
 * map over-zooms past it (source maxzoom). Below 5 a mountain range is a few pixels.
 */
export const TERRAIN_MIN_ZOOM = 5;
export const TERRAIN_MAX_ZOOM = 11;

/** Metres as a Terrarium pixel, rounded to whole metres (clamped to the encodable range). */
export function terrariumPixel(metres: number): [number, number, number] {
  const value = Math.max(0, Math.min(65535, Math.round(metres) + 32768));
  return [value >> 8, value & 0xff, 0];
}

/** A Terrarium pixel back to metres. */
export function terrariumMetres(r: number, g: number, b: number): number {
  return r * 256 + g + b / 256 - 32768;
}

/**
 * The terrain tile z/x/y as a Terrarium PNG: each pixel is the elevation at its centre (bilinear
 * between samples); where there is no data (outside the cells, a void) 0 m, sea level.
 */
export function terrainTile(grid: ElevationGrid, z: number, x: number, y: number): Buffer {
  const size = TERRAIN_TILE_SIZE;
  const rgb = new Uint8Array(size * size * 3);
  for (let py = 0; py < size; py++) {
    const lat = tileYToLat(y + (py + 0.5) / size, z);
    for (let px = 0; px < size; px++) {
      const lon = tileXToLon(x + (px + 0.5) / size, z);
      const [r, g, b] = terrariumPixel(grid.elevation(lon, lat) ?? 0);
      const at = (py * size + px) * 3;
      rgb[at] = r;
      rgb[at + 1] = g;
      rgb[at + 2] = b;
    }
  }
  return encodeRgbPng(size, size, rgb);
}
