import type { LayerSpecification, SourceSpecification } from '@maplibre/maplibre-gl-style-spec';
import { whenSourceExists } from './layers/fillSource';
import type { MapOverlay, OverlayMap, OverlayStyle } from './layers/overlay';
import { packTileUrl } from './packs/urls';

/**
 * 3D terrain (issue 18): MapLibre terrain with hillshade from Terrarium elevation tiles, read through
 * the pack protocol (a downloaded terrain pack first, the server's terrain packs by HTTP Range
 * second). Switched by the map's 3D button (TerrainControl.tsx, the store's `overlays.shown.terrain`),
 * with the exaggeration of `overlays.terrainExaggeration`; never on in performance mode (no terrain
 * sources in that style at all). The route's lines and points are draped on the terrain by MapLibre.
 */
export const TERRAIN_OVERLAY_ID = 'terrain';
export const TERRAIN_SOURCE = 'terrain-dem';
export const HILLSHADE_SOURCE = 'terrain-hillshade';
export const HILLSHADE_LAYER = 'terrain-hillshade';
/** The server's terrain packs' zooms (apps/server/src/packs/terrain.ts). */
export const TERRAIN_MIN_ZOOM = 5;
export const TERRAIN_MAX_ZOOM = 11;
/** The exaggeration button's steps. */
export const TERRAIN_EXAGGERATIONS: readonly number[] = [1, 1.5, 2, 3];
/** The camera's pitch when 3D is switched on from a flat map, degrees. */
export const TERRAIN_PITCH_DEG = 55;

export interface TerrainInput {
  on: boolean;
  exaggeration: number;
}

/** The part of a MapLibre map 3D needs besides OverlayMap's. */
export interface TerrainMap extends OverlayMap {
  setTerrain(terrain: { source: string; exaggeration: number } | null): unknown;
  getTerrain(): unknown;
  getPitch(): number;
  setPaintProperty(layerId: string, name: string, value: unknown): unknown;
  easeTo(options: { pitch: number; duration: number }): unknown;
}

const dem = (): SourceSpecification => ({ type: 'raster-dem', tiles: [packTileUrl('terrain')], tileSize: 256, encoding: 'terrarium', minzoom: TERRAIN_MIN_ZOOM, maxzoom: TERRAIN_MAX_ZOOM });

export const terrainOverlay: MapOverlay<TerrainInput> = {
  id: TERRAIN_OVERLAY_ID,
  style: ({ theme, performance }): OverlayStyle => {
    if (performance) return { sources: {}, layers: {} };
    const hillshade: LayerSpecification = {
      id: HILLSHADE_LAYER,
      type: 'hillshade',
      source: HILLSHADE_SOURCE,
      layout: { visibility: 'none' },
      paint: theme === 'night'
        ? { 'hillshade-shadow-color': '#000000', 'hillshade-highlight-color': '#3a4250', 'hillshade-accent-color': '#101418', 'hillshade-exaggeration': 0.4 }
        : { 'hillshade-shadow-color': '#4a3f35', 'hillshade-highlight-color': '#ffffff', 'hillshade-exaggeration': 0.35 },
    };
    // Two sources of the same tiles, as MapLibre advises: the terrain mesh and the hillshade each keep their own.
    return { sources: { [TERRAIN_SOURCE]: dem(), [HILLSHADE_SOURCE]: dem() }, layers: { chart: [hillshade] } };
  },
  select: (state) => ({
    on: state.overlays.shown[TERRAIN_OVERLAY_ID] === true && !state.settings.performance_mode,
    exaggeration: state.overlays.terrainExaggeration,
  }),
  update(overlayMap, { on, exaggeration }, out) {
    const map = overlayMap as TerrainMap;
    out['mapTerrain'] = on ? 'on' : 'off';
    out['mapTerrainExaggeration'] = String(exaggeration);
    const apply = () => {
      // Performance mode's style has no terrain sources: nothing to switch.
      if (!map.getSource(TERRAIN_SOURCE)) {
        if (map.getTerrain()) map.setTerrain(null);
        return;
      }
      const wasOn = Boolean(map.getTerrain());
      map.setTerrain(on ? { source: TERRAIN_SOURCE, exaggeration } : null);
      if (map.getLayer(HILLSHADE_LAYER)) map.setLayoutProperty(HILLSHADE_LAYER, 'visibility', on ? 'visible' : 'none');
      // Switched on from a flat map: tilt it so the relief shows (pitch and rotate gestures stay on).
      if (on && !wasOn && map.getPitch() < 10) map.easeTo({ pitch: TERRAIN_PITCH_DEG, duration: 600 });
      if (!on && wasOn) map.easeTo({ pitch: 0, duration: 400 });
    };
    if (on) whenSourceExists(map, TERRAIN_SOURCE, apply);
    else apply();
  },
};
