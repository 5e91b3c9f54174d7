import { addProtocol } from 'maplibre-gl';
import { devicePacks } from './devicePacks';
import { PackTiles } from './packTiles';
import { PACK_PROTOCOL, packProtocol, type PackReadStats } from './protocol';
import { remoteTerrain } from './remoteTerrain';

let installed: PackReadStats | null = null;

/**
 * Registers the clearway-pack protocol with MapLibre once (createMap.ts): the map's chart, basemap
 * and terrain tiles come from the packs on the device first. `onNetwork` sees each network request
 * (the service worker's first-visit list, sw/mapRequests.ts). Returns the read figures.
 */
export function installPackProtocol(onNetwork: (url: string) => void): PackReadStats {
  if (installed) return installed;
  const { action, stats } = packProtocol({
    tiles: new PackTiles(devicePacks),
    fetch: (input, init) => fetch(input, init),
    remoteTerrain: remoteTerrain(window.location.origin),
    onNetwork,
  });
  addProtocol(PACK_PROTOCOL, action);
  installed = stats;
  return stats;
}

/** The figures of the reads so far (null before the protocol is installed). */
export function packReadStats(): PackReadStats | null {
  return installed;
}
