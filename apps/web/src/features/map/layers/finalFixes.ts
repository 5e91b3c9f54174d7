import type { Waypoint } from '@clearway/flightplan';
import { CHART_COLOURS } from '../palette';
import { NOTHING, fillSource } from './fillSource';
import type { MapOverlay } from './overlay';
import { placedWaypoints, routeFeatures } from './route';

export interface FinalFixesInput {
  /** The procedure picker's final fixes (`state.map.final_fixes.fixes`), empty when none. */
  fixes: readonly Waypoint[];
}

/** A procedure's final fixes previewed over the route: a dashed green line with rings. */
export const finalFixesOverlay: MapOverlay<FinalFixesInput> = {
  id: 'final-fixes',
  style: ({ palette }) => ({
    sources: { 'final-fixes': { type: 'geojson', data: NOTHING } },
    layers: {
      lines: [{ id: 'final-fixes-line', type: 'line', source: 'final-fixes', filter: ['==', ['geometry-type'], 'LineString'],
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': CHART_COLOURS.preview, 'line-width': 3, 'line-dasharray': [2, 1.5] } }],
      markers: [{ id: 'final-fixes-points', type: 'circle', source: 'final-fixes', filter: ['==', ['geometry-type'], 'Point'],
        paint: { 'circle-radius': 4, 'circle-color': palette.halo, 'circle-stroke-color': CHART_COLOURS.preview, 'circle-stroke-width': 2 } }],
    },
  }),
  select: (state) => ({ fixes: state.map.final_fixes.fixes }),
  update(map, { fixes }, out) {
    const data = routeFeatures(placedWaypoints(fixes));
    fillSource(map, 'final-fixes', data);
    out['mapPreviewPoints'] = String(Math.max(0, data.features.length - 1));
  },
};
