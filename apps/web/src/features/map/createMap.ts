import { Map as MapLibreMap, prewarm, setWorkerCount, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { ClientConfig } from '@clearway/protocol';
import { noteMapRequest } from '../../sw/mapRequests';
import { topBarHeight } from '../../platform/topBarHeight';
import { holdFirstPicture } from './firstPicture';
import { fillOverview } from './layers/aviation';
import { mapStyle, type MapStyleOptions } from './mapStyle';
import { installPackProtocol } from './packs/install';
import { isPackTileUrl } from './packs/urls';
import { trackTimes, type MapTimes } from './mapTimes';

// The module is loaded lazily (MapHost, through MapView), so MapLibre and its worker stay out of the initial bundle.
setWorkerUrl(workerUrl);
// Tile workers: one per two cores, at most two (MapLibre's own rule, capped). Each compiles the worker
// script before its first tile, and on a two-core device a second one only takes the core the page and
// the GPU need for the first picture (one worker: map idle 0.88 of two in the same script).
setWorkerCount(Math.min(2, Math.max(1, Math.floor((navigator.hardwareConcurrency || 2) / 2))));
// The module loads as the shell's code runs (MapHost), before the boot stages end: start the tile
// workers now, so their script is fetched and compiled by the time the first map is created.
prewarm();
// Chart, basemap and terrain tiles from the region packs on the device first (packs/protocol.ts).
installPackProtocol(noteMapRequest);

/** Where a map opens before it knows better: the contiguous United States. */
const START = { center: [-98.5, 39.5] as [number, number], zoom: 3.6 };

/** The style options a map was last given (theme, performance mode); overlays switch without a new style. */
export type StyleChoice = Pick<MapStyleOptions, 'theme' | 'performance'>;

/** A map with the style of `choice` and the overlays of `shown` on. */
export function newMap(container: HTMLElement, choice: StyleChoice, shown: MapStyleOptions['shown'], hash: boolean): MapLibreMap {
  const map = new MapLibreMap({
    container,
    style: mapStyle({ origin: window.location.origin, ...choice, shown }),
    ...START,
    hash,
    attributionControl: false,
    // Labels appear at once: no 300 ms fade after each placement, so the map settles (idle) sooner.
    fadeDuration: 0,
    // Requests made before the service worker controls the page are fetched again through it (offline).
    transformRequest: (url) => {
      // A pack tile's network request is noted by the pack protocol itself (packs/install.ts).
      if (!isPackTileUrl(url)) noteMapRequest(url);
      return undefined;
    },
  });
  // Its first picture is drawn once, complete (see firstPicture.ts).
  const release = holdFirstPicture(map);
  map.once('remove', () => release(false));
  return map;
}

/** A map created before any view mounted (see startEarlyMap). */
export interface EarlyMap {
  map: MapLibreMap;
  element: HTMLDivElement;
  choice: StyleChoice;
  times: MapTimes;
}

let early: EarlyMap | null = null;

/**
 * Creates the first view's map before boot ends (main.tsx, through MapHost's preloadMap), while boot
 * still opens IndexedDB and waits for sign-in: the GPU compiles the shaders and the basemap tiles and
 * the airport overview load in that time instead of after. The first view with the address hash adopts
 * it; until then it is laid out where a single view will be, but hidden. Day style: a night or performance-mode user gets
 * a style diff on adoption. The overview is asked for as soon as the configuration is known.
 */
export function startEarlyMap(config: Promise<ClientConfig | null>): void {
  // MapHost's preloadMap calls this only with WebGL 2 and on a map page.
  if (early || !document.body) return;
  const element = document.createElement('div');
  // Where a single view will be, under the top bar: adopted at the same size, it needs no resize (a
  // resize would also write the camera into the address).
  const top = topBarHeight({ width: window.innerWidth, height: window.innerHeight, path: window.location.pathname });
  element.style.cssText = `position:fixed;left:0;right:0;bottom:0;top:${top}px;visibility:hidden;pointer-events:none;z-index:-1`;
  document.body.appendChild(element);
  const choice: StyleChoice = { theme: 'day', performance: false };
  try {
    const map = newMap(element, choice, {}, true);
    const held: EarlyMap = { map, element, choice, times: trackTimes(map) };
    early = held;
    void config.then((known) => {
      if (known) fillOverview(held.map, known);
    }, () => undefined);
  } catch {
    // No WebGL context after all: the view creates its map and reports the failure.
    element.remove();
  }
}

/** The early map, once: null when there is none or a view already took it. */
export function adoptEarlyMap(): EarlyMap | null {
  const held = early;
  early = null;
  return held;
}
