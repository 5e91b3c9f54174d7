import { profileTerrainZoom, terrainTilesFor, terrariumTerrain, type Route, type TerrainSource, type TerrainTile } from '@clearway/flightplan';

/** Reads one terrain tile's bytes (AppServices.terrainTile). */
export type ReadTerrainTile = (z: number, x: number, y: number, signal: AbortSignal) => Promise<Uint8Array | null>;
/** Decodes a PNG into RGBA pixels. */
export type DecodePng = (bytes: Uint8Array) => Promise<{ size: number; rgba: Uint8Array | Uint8ClampedArray }>;

/** Tiles read at once. */
const PARALLEL = 6;

/** A PNG to RGBA pixels through the browser's image decoder (createImageBitmap and a canvas). */
export const browserDecodePng: DecodePng = async (bytes) => {
  const bitmap = await createImageBitmap(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas to decode terrain tiles');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return { size: bitmap.width, rgba: context.getImageData(0, 0, canvas.width, canvas.height).data };
};

/**
 * The terrain under a planned route from the terrain tiles (at the zoom `profileTerrainZoom` picks
 * for its length); null when no tile could be read (no terrain pack anywhere). Tiles that fail are
 * left out: the profile has no terrain there.
 */
export async function loadRouteTerrain(route: Route, read: ReadTerrainTile, decode: DecodePng, signal: AbortSignal): Promise<TerrainSource | null> {
  const ids = terrainTilesFor(route, profileTerrainZoom(route.total_distance));
  const tiles: TerrainTile[] = [];
  let next = 0;
  const worker = async () => {
    while (next < ids.length && !signal.aborted) {
      const id = ids[next++]!;
      try {
        const bytes = await read(id.z, id.x, id.y, signal);
        if (bytes) tiles.push({ ...id, ...(await decode(bytes)) });
      } catch (error) {
        if (signal.aborted) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, ids.length) }, worker));
  return tiles.length > 0 ? terrariumTerrain(tiles) : null;
}
