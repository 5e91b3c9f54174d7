import { aviationOverlay } from './aviation';
import { finalFixesOverlay } from './finalFixes';
import type { MapOverlay } from './overlay';
import { routeOverlay } from './route';
import { tfrOverlay } from './tfr';
import { vfrOverlay } from './vfr';
import { WEATHER_OVERLAYS } from './weather';
import { terrainOverlay } from '../terrain';
import { packStatsOverlay } from '../packs/statsOverlay';

/**
 * Every map overlay, in drawing order within each layer slot (overlay.ts LayerSlot). A new overlay
 * (weather, ownship, traffic, downloaded packs) is one new file in this folder exporting a
 * MapOverlay (its sources and layers, `select` from the store, `update(map, input)`, and a `toggle`
 * if the map toolbar switches it) plus one line here; nothing else changes. See apps/web/README.md.
 */
export const OVERLAYS: readonly MapOverlay[] = [
  aviationOverlay,
  // Under the route, which draws in the `markers` slot above every weather layer.
  ...WEATHER_OVERLAYS,
  // TFR areas (the server's /notams/tfrs.geojson) over the weather, under the route.
  tfrOverlay,
  routeOverlay,
  finalFixesOverlay,
  vfrOverlay,
  // Hillshade over the chart; the 3D terrain mesh (terrain.ts).
  terrainOverlay,
  packStatsOverlay,
];

export type { MapOverlay, OverlayMap, OverlayOutput, OverlayServices, OverlayToggle } from './overlay';
