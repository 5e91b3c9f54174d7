import type { FeatureCollection } from 'geojson';
import type { RunwayInfo } from '@clearway/navdb';
import { navdataOverviewUrl, type ClientConfig } from '@clearway/protocol';
import { DEFAULT_NAV_REGION, downloadRootFor, selectAirportDbLoaded } from '../../navdata';
import type { RoutingWorkerFacade } from '../../../worker/facade';
import { fillSource } from './fillSource';
import type { MapOverlay, OverlayMap, OverlayOutput } from './overlay';
import { AIRWAY_MIN_ZOOM, AVIATION_SOURCES, FIX_MIN_ZOOM, RUNWAY_MIN_ZOOM, aviationLayers, runwayFeatures } from './aviationStyle';

/** Most airports whose runways are fetched for one view. */
export const RUNWAY_AIRPORT_CAP = 60;

export interface AviationInput {
  routing: RoutingWorkerFacade | undefined;
  /** The nav database is loaded in the routing worker: its layers can be queried. */
  navDbLoaded: boolean;
  /** The client configuration (its download root has the airport and navaid overview), or null before it is known. */
  config: ClientConfig | null;
  /** Performance mode: no fixes. */
  performance: boolean;
}

/**
 * The server's overview of the region's airports and navaids (what the map shows of them below zoom 7),
 * drawn until the nav database is open; its layers then replace it. Offline without a cached copy the
 * overview fails (logged) and the map waits for the database.
 */
export function fillOverview(map: OverlayMap, config: ClientConfig): void {
  const root = downloadRootFor(config);
  fillSource(map, 'airports', navdataOverviewUrl(root, DEFAULT_NAV_REGION, 'airports'));
  // Navaids are drawn from zoom 5, not in the opening view: theirs loads after the first picture.
  map.once('idle', () => fillSource(map, 'navaids', navdataOverviewUrl(root, DEFAULT_NAV_REGION, 'navaids')));
}

/** What the aviation overlay keeps per map: its latest input, the refresh generation, the runway cache. */
interface AviationState {
  input: AviationInput | null;
  generation: number;
  runways: Map<string, Promise<RunwayInfo | null>>;
  runwaysFrom: RoutingWorkerFacade | undefined;
  out: OverlayOutput;
}

const states = new WeakMap<OverlayMap, AviationState>();

function stateOf(map: OverlayMap, out: OverlayOutput): AviationState {
  let state = states.get(map);
  if (!state) {
    state = { input: null, generation: 0, runways: new Map(), runwaysFrom: undefined, out };
    states.set(map, state);
  }
  return state;
}

function runwaysOf(state: AviationState, routing: RoutingWorkerFacade, id: string): Promise<RunwayInfo | null> {
  if (state.runwaysFrom !== routing) {
    state.runways.clear();
    state.runwaysFrom = routing;
  }
  let info = state.runways.get(id);
  if (!info) {
    info = routing.call('getRunwayInfo', { airportId: id }).catch(() => null);
    if (state.runways.size > 2000) state.runways.clear();
    state.runways.set(id, info);
  }
  return info;
}

/** Close in, hard-surface airports of the view (the nearest to the centre first), whose runways are drawn. */
export function runwayAirports(airports: FeatureCollection, zoom: number, centre: { lng: number; lat: number }): string[] {
  if (zoom < RUNWAY_MIN_ZOOM) return [];
  // Closed airports are not in the layer; seaplane bases are surface W.
  return airports.features
    .flatMap((feature) => {
      const { id, surface } = (feature.properties ?? {}) as { id?: string; surface?: string };
      const [lon = 0, lat = 0] = feature.geometry.type === 'Point' ? feature.geometry.coordinates : [];
      return surface === 'H' && typeof id === 'string' ? [{ id, distance: Math.hypot(lat - centre.lat, lon - centre.lng) }] : [];
    })
    .sort((a, c) => a.distance - c.distance)
    .slice(0, RUNWAY_AIRPORT_CAP)
    .map((a) => a.id);
}

/** The nav database's layers for what is in view: one worker call builds every source as lean GeoJSON. */
function refresh(map: OverlayMap, state: AviationState): void {
  const input = state.input;
  if (!input?.navDbLoaded || !input.routing) return;
  const { routing } = input;
  const current = ++state.generation;
  const b = map.getBounds();
  const bounds = { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
  const zoom = map.getZoom();
  const { out } = state;
  void routing.call('mapLayers', { bounds, zoom, fixes: zoom >= FIX_MIN_ZOOM && !input.performance, airways: zoom >= AIRWAY_MIN_ZOOM }).then(async (layers) => {
    if (current !== state.generation) return;
    fillSource(map, 'airports', layers.airports);
    fillSource(map, 'navaids', layers.navaids);
    fillSource(map, 'fixes', layers.fixes);
    fillSource(map, 'airways', layers.airways);
    // Milliseconds since navigation when the database's airports for the view were first handed to the map.
    out['mapAirportsMs'] ??= String(Math.round(window.performance.now()));
    out['mapAirports'] = String(layers.airports.features.length);
    out['mapAirways'] = String(layers.airways.features.length);
    const hard = runwayAirports(layers.airports, zoom, map.getCenter());
    const infos = (await Promise.all(hard.map((id) => runwaysOf(state, routing, id)))).filter((info): info is RunwayInfo => info !== null);
    if (current !== state.generation) return;
    const runwayData = runwayFeatures(infos);
    fillSource(map, 'runways', runwayData);
    out['mapRunways'] = String(runwayData.features.length);
  }).catch((error: unknown) => console.warn('[map] mapLayers', error));
}

/**
 * Airports, navaids, fixes, airways and runways: the server's overview until the nav database is
 * open, then the database's layers for what is in view, after each move.
 */
export const aviationOverlay: MapOverlay<AviationInput> = {
  id: 'aviation',
  style: ({ palette, performance }) => ({
    sources: Object.fromEntries(AVIATION_SOURCES.map((id) => [id, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } }])),
    layers: aviationLayers(palette, performance),
  }),
  select: (state, { routing }) => ({
    routing,
    navDbLoaded: selectAirportDbLoaded(state),
    config: state.config.config,
    performance: state.settings.performance_mode,
  }),
  add(map, out) {
    const state = stateOf(map, out);
    const onMove = () => refresh(map, state);
    map.on('moveend', onMove);
    return () => {
      state.generation += 1;
      map.off('moveend', onMove);
      states.delete(map);
    };
  },
  update(map, input, out) {
    const state = stateOf(map, out);
    state.input = input;
    // Every map draws the overview until the nav database is open (again after a new style emptied
    // it); the database's layers are never replaced by it.
    if (!input.navDbLoaded) {
      if (input.config) fillOverview(map, input.config);
      return;
    }
    refresh(map, state);
  },
};
