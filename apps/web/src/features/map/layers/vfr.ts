import { whenSourceExists } from './fillSource';
import type { MapOverlay } from './overlay';
import { packTileUrl } from '../packs/urls';

/** The chart tile folder's zoom range. */
export const VFR_MIN_ZOOM = 5;
export const VFR_MAX_ZOOM = 11;

export interface VfrInput {
  /** Switched on from the map toolbar (`state.overlays.shown.vfr`). */
  shown: boolean;
}

/** The VFR sectional raster (a downloaded region's vfr pack first, then `/tiles/vfr`: packs/protocol.ts) over the land, under the borders; off until switched on. */
export const vfrOverlay: MapOverlay<VfrInput> = {
  id: 'vfr',
  toggle: { label: 'VFR sectional', testId: 'map-vfr', text: 'VFR' },
  style: ({ origin, theme, shown }) => ({
    sources: { vfr: { type: 'raster', tiles: [packTileUrl('vfr', `${origin}/tiles/vfr/{z}/{x}/{y}.png`)], tileSize: 256, minzoom: VFR_MIN_ZOOM, maxzoom: VFR_MAX_ZOOM } },
    layers: {
      chart: [{
        id: 'vfr',
        type: 'raster',
        source: 'vfr',
        layout: { visibility: shown ? 'visible' : 'none' },
        paint: { 'raster-opacity': theme === 'night' ? 0.75 : 1 },
      }],
    },
  }),
  select: (state) => ({ shown: state.overlays.shown['vfr'] === true }),
  update(map, { shown }, out) {
    out['mapVfr'] = shown ? 'on' : 'off';
    whenSourceExists(map, 'vfr', () => {
      if (map.getLayer('vfr')) map.setLayoutProperty('vfr', 'visibility', shown ? 'visible' : 'none');
    });
  },
};
