import { describe, expect, it } from 'vitest';
import type { FeatureCollection } from 'geojson';
import { makeRoute, makeWaypoint } from '@clearway/flightplan/testing';
import { makeStore } from '../../../store';
import { routeCleared, routeSynced } from '../../route';
import { fakeMap } from '../../../test/map/fakeMap';
import { routeOverlay, ROUTE_EASE_MS } from './route';
import { routeCamera } from './routeCamera';

const STYLE = { sources: ['route'], layers: ['route-line', 'route-points'] };
const KHWD = makeWaypoint('KHWD', 37.6589, -122.1217);
const OAK = makeWaypoint('OAK', 37.7259, -122.2236);
const KSFO = makeWaypoint('KSFO', 37.619, -122.3749);
const KSTS = makeWaypoint('KSTS', 38.509, -122.8128);

const input = (...waypoints: ReturnType<typeof makeWaypoint>[]) => ({ waypoints, text: waypoints.map((w) => w.code).join(' ') });
const lastData = (map: ReturnType<typeof fakeMap>) => map.sources.get('route')?.given.at(-1) as FeatureCollection | undefined;

describe('route overlay', () => {
  it('draws the route as a line and waypoint points, and says so in the view hooks', () => {
    const map = fakeMap(STYLE);
    const out: Record<string, string | undefined> = {};
    routeOverlay.update(map, input(KHWD, OAK, KSFO), out);
    const data = lastData(map);
    expect(data?.features[0]?.geometry).toEqual({ type: 'LineString', coordinates: [[-122.1217, 37.6589], [-122.2236, 37.7259], [-122.3749, 37.619]] });
    expect(data?.features).toHaveLength(4);
    expect(out).toMatchObject({ mapRoute: 'KHWD OAK KSFO', mapRoutePoints: '3' });
  });

  it('moves the camera to show a new route, once: a re-analysis of the same route string leaves the pilot\'s camera', () => {
    const map = fakeMap(STYLE);
    map.size = { clientWidth: 390, clientHeight: 760 };
    const out: Record<string, string | undefined> = {};
    routeOverlay.update(map, input(KHWD, OAK, KSFO), out);
    const camera = routeCamera([KHWD, OAK, KSFO].map((w) => w.location), 390, 760)!;
    expect(map.eased).toEqual([{ center: camera.center, zoom: camera.zoom, bearing: 0, pitch: 0, duration: ROUTE_EASE_MS }]);
    expect(out['mapRouteShown']).toBe('KHWD OAK KSFO');

    // The analysed route (same string, new waypoint objects) and a new style's refill: drawn, no camera move.
    routeOverlay.update(map, input({ ...KHWD }, { ...OAK }, { ...KSFO }), out);
    routeOverlay.update(map, input(KHWD, OAK, KSFO), out);
    expect(map.sources.get('route')?.given).toHaveLength(3);
    expect(map.eased).toHaveLength(1);

    // Another route string moves it again.
    routeOverlay.update(map, input(KHWD, KSTS), out);
    expect(map.eased).toHaveLength(2);
    expect(map.eased[1]?.center).toEqual(routeCamera([KHWD.location, KSTS.location], 390, 760)?.center);
  });

  it('shows the same route again after it was cleared', () => {
    const map = fakeMap(STYLE);
    const out: Record<string, string | undefined> = {};
    routeOverlay.update(map, input(KHWD, KSFO), out);
    routeOverlay.update(map, { waypoints: null, text: null }, out);
    expect(lastData(map)?.features).toEqual([]);
    expect(out).toMatchObject({ mapRoute: '', mapRoutePoints: '0' });
    routeOverlay.update(map, input(KHWD, KSFO), out);
    expect(map.eased).toHaveLength(2);
  });

  it('waits for two positions before moving the camera, and for the style before filling the source', () => {
    const map = fakeMap();
    const out: Record<string, string | undefined> = {};
    const unplaced = { ...OAK, location: { lat: Number.NaN, lon: Number.NaN } };
    routeOverlay.update(map, { waypoints: [KHWD, unplaced], text: 'KHWD OAK' }, out);
    expect(map.eased).toEqual([]);
    routeOverlay.update(map, input(KHWD, OAK), out);
    expect(map.eased).toHaveLength(1);
    expect(map.sources.size).toBe(0);
    map.loadStyle(STYLE.sources, STYLE.layers);
    expect(lastData(map)?.features).toHaveLength(3);
  });

  it('selects the current route and its string from the store', () => {
    const store = makeStore();
    expect(routeOverlay.select(store.getState(), { routing: undefined })).toEqual({ waypoints: null, text: null });
    const route = makeRoute([KHWD, KSFO]);
    store.dispatch(routeSynced(route));
    expect(routeOverlay.select(store.getState(), { routing: undefined })).toEqual({ waypoints: route.all_waypoints, text: 'KHWD KSFO' });
    store.dispatch(routeCleared());
    expect(routeOverlay.select(store.getState(), { routing: undefined }).text).toBeNull();
  });
});
