import type { Feature, FeatureCollection, GeoJsonProperties, Point } from 'geojson';
import type { LayerSpecification } from 'maplibre-gl';
import type { Waypoint } from '@clearway/flightplan';
import { CHART_COLOURS } from '../palette';
import { NOTHING, fillSource } from './fillSource';
import type { MapOverlay, OverlayMap } from './overlay';
import { routeCamera } from './routeCamera';

/** How long the camera takes to show a new route, ms. */
export const ROUTE_EASE_MS = 600;

export interface RouteInput {
  /** The current route's waypoints (`state.route.current.all_waypoints`), or null. */
  waypoints: readonly Waypoint[] | null;
  /** Its route string (`final_string`): a new one moves the camera, a re-analysis of the same does not. */
  text: string | null;
}

type Placed = { lat: number; lon: number; code?: string };

function point(lon: number, lat: number, properties: GeoJsonProperties): Feature<Point> {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties };
}

/** A route as a line through its waypoints plus one point per waypoint; empty without two positions. */
export function routeFeatures(waypoints: readonly Placed[] | undefined | null): FeatureCollection {
  const placed = (waypoints ?? []).filter((w) => Number.isFinite(w.lat) && Number.isFinite(w.lon));
  if (placed.length < 2) return NOTHING;
  return {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', geometry: { type: 'LineString', coordinates: placed.map((w) => [w.lon, w.lat]) }, properties: {} },
      ...placed.map((w) => point(w.lon, w.lat, { code: w.code ?? '' })),
    ],
  };
}

/** Waypoints carry their position as `location`; the map takes plain lat / lon points. */
export function placedWaypoints(waypoints: readonly Waypoint[] | null): Placed[] {
  return (waypoints ?? []).map((w) => ({ lat: w.location.lat, lon: w.location.lon, code: w.code }));
}

/** The route string each map's camera last showed (null: none since the route was cleared). */
const shown = new WeakMap<OverlayMap, string | null>();

/** The route's waypoint rings. */
function routePoints(halo: string): LayerSpecification {
  return { id: 'route-points', type: 'circle', source: 'route', filter: ['==', ['geometry-type'], 'Point'],
    paint: { 'circle-radius': 4, 'circle-color': halo, 'circle-stroke-color': CHART_COLOURS.route, 'circle-stroke-width': 2 } };
}

/**
 * The current route: a magenta line with waypoint rings. A new route string (typed, loaded, synced)
 * moves the camera once to show the whole route; after that the pilot's own pan and zoom stay.
 */
export const routeOverlay: MapOverlay<RouteInput> = {
  id: 'route',
  style: ({ palette, performance }) => ({
    sources: { route: { type: 'geojson', data: NOTHING } },
    layers: {
      // The line in the `markers` slot, under its own waypoints: over the airports and every weather
      // symbol, so the route stays on top of what the map shows (issue 16).
      markers: [
        { id: 'route-line', type: 'line', source: 'route', filter: ['==', ['geometry-type'], 'LineString'],
          layout: { 'line-cap': 'round', 'line-join': 'round' },
          paint: { 'line-color': CHART_COLOURS.route, 'line-width': 4, 'line-opacity': 0.85 } },
        ...(performance ? [] : [routePoints(palette.halo)]),
      ],
    },
  }),
  select: (state) => ({ waypoints: state.route.current?.all_waypoints ?? null, text: state.route.current?.final_string ?? null }),
  update(map, { waypoints, text }, out) {
    const points = placedWaypoints(waypoints);
    const data = routeFeatures(points);
    fillSource(map, 'route', data);
    out['mapRoutePoints'] = String(Math.max(0, data.features.length - 1));
    out['mapRoute'] = data.features.length > 0 ? points.map((w) => w.code ?? '').join(' ') : '';
    if (text === null || data.features.length === 0) {
      if (text === null) shown.set(map, null);
      return;
    }
    if (shown.get(map) === text) return;
    const { clientWidth, clientHeight } = map.getContainer();
    const camera = routeCamera(points, clientWidth, clientHeight);
    if (!camera) return;
    shown.set(map, text);
    map.easeTo({ center: camera.center, zoom: camera.zoom, bearing: 0, pitch: 0, duration: ROUTE_EASE_MS });
    out['mapRouteShown'] = text;
  },
};
