import type { Map as MapLibreMap } from 'maplibre-gl';
import { sourceData } from './layers/fillSource';

/** When a map was created, first loaded its style, was first idle and first idle with airports drawn (ms since navigation). */
export interface MapTimes {
  createdMs: number;
  loadMs: number | null;
  idleMs: number | null;
  airportsIdleMs: number | null;
  /**
   * Whose airports that first picture with airports showed: the server's overview or the nav
   * database's. Recorded at the event, so the order of the two is read from it, not from two clocks.
   */
  airportsIdleFrom: AirportsFrom | null;
}

type AirportsFrom = 'overview' | 'navdb';

const sinceNavigation = () => Math.round(window.performance.now());

/**
 * Whose airports the loaded airports source holds: the overview (its address) or the nav
 * database (features); null while it holds none or is loading.
 */
function airportsShown(map: MapLibreMap): AirportsFrom | null {
  const data = sourceData(map, 'airports');
  if (data === undefined || (typeof data !== 'string' && data.features.length === 0) || !map.isSourceLoaded('airports')) return null;
  return typeof data === 'string' ? 'overview' : 'navdb';
}

/**
 * Records a map's times from its creation. Registered before any view's own listeners, so they see
 * the times of the event they handle (MapLibre calls listeners in the order they were added).
 */
export function trackTimes(map: MapLibreMap): MapTimes {
  const times: MapTimes = { createdMs: sinceNavigation(), loadMs: null, idleMs: null, airportsIdleMs: null, airportsIdleFrom: null };
  map.on('load', () => {
    times.loadMs ??= sinceNavigation();
  });
  map.on('idle', () => {
    const at = sinceNavigation();
    times.idleMs ??= at;
    if (times.airportsIdleMs !== null) return;
    times.airportsIdleFrom = airportsShown(map);
    if (times.airportsIdleFrom !== null) times.airportsIdleMs = at;
  });
  return times;
}

/** The data attributes of a view's times; cleared when the view gets a map. */
export const TIME_KEYS = ['mapLoadMs', 'mapIdleMs', 'mapAirportsIdleMs', 'mapAirportsIdleFrom', 'mapAirportsDrawn'];

/**
 * The times as data attributes (figures for the map-idle benchmark), and the view's callbacks, once
 * each: at once for what an adopted map did before, else at the event. Call at every load and idle.
 */
export function reportTimes(map: MapLibreMap, times: MapTimes, dataset: DOMStringMap, on: { loaded: () => void; idle: () => void }): void {
  if (times.loadMs !== null && dataset['mapLoadMs'] === undefined) {
    dataset['mapLoadMs'] = String(times.loadMs);
    on.loaded();
  }
  if (times.idleMs !== null && dataset['mapIdleMs'] === undefined) {
    dataset['mapState'] = 'idle';
    dataset['mapIdleMs'] = String(times.idleMs);
    on.idle();
  }
  if (times.airportsIdleMs !== null && dataset['mapAirportsIdleMs'] === undefined) {
    dataset['mapAirportsIdleMs'] = String(times.airportsIdleMs);
    if (times.airportsIdleFrom !== null) dataset['mapAirportsIdleFrom'] = times.airportsIdleFrom;
    // How many are in view, counted after the event so the count does not hold up the picture.
    setTimeout(() => {
      const ids = new Set(map.queryRenderedFeatures({ layers: ['airports'] }).map((feature) => String(feature.properties['id'])));
      dataset['mapAirportsDrawn'] = String(ids.size);
    }, 0);
  }
}
