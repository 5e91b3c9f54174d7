import { devicePacks } from './devicePacks';
import { PackTiles } from './packTiles';
import { remoteTerrain } from './remoteTerrain';

let tiles: PackTiles | null = null;
let remote: ReturnType<typeof remoteTerrain> | null = null;

/**
 * One terrain tile's bytes (Terrarium PNG) as the 3D map reads it: a terrain pack on the device
 * first, the server's terrain packs by HTTP Range second; null when neither has it. The route's
 * vertical profile reads its terrain through this (AppServices.terrainTile, wired in main.tsx).
 */
export async function readTerrainTile(z: number, x: number, y: number, signal: AbortSignal): Promise<Uint8Array | null> {
  tiles ??= new PackTiles(devicePacks);
  remote ??= remoteTerrain(window.location.origin);
  let stored: Uint8Array | null = null;
  try {
    stored = await tiles.tile('terrain', z, x, y, signal);
  } catch (error) {
    if (signal.aborted) throw error;
  }
  return stored ?? remote(z, x, y, signal);
}
