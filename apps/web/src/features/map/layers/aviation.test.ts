import { describe, expect, it } from 'vitest';
import type { FeatureCollection } from 'geojson';
import { endpointsForOrigin, type ClientConfig } from '@clearway/protocol';
import type { RoutingWorkerFacade } from '../../../worker/facade';
import { fakeMap } from '../../../test/map/fakeMap';
import { aviationOverlay, runwayAirports, RUNWAY_AIRPORT_CAP } from './aviation';
import { AVIATION_SOURCES } from './aviationStyle';

const STYLE = { sources: [...AVIATION_SOURCES], layers: [] };
const config: ClientConfig = { env: 'localhost', version: '1', dataChannel: 'dev', remoteLogging: false, endpoints: endpointsForOrigin('http://127.0.0.1:8080') };

function airports(...list: { id: string; surface: string; lon: number; lat: number }[]): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: list.map(({ id, surface, lon, lat }) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties: { id, surface } })),
  };
}

/** A routing worker answering mapLayers with the given airports and getRunwayInfo with nothing; records its calls. */
function fakeRouting(airportData: FeatureCollection) {
  const calls: { method: string; params: unknown }[] = [];
  const routing = {
    call: (method: string, params: unknown) => {
      calls.push({ method, params });
      if (method === 'mapLayers') return Promise.resolve({ airports: airportData, navaids: airports(), fixes: airports(), airways: airports() });
      return Promise.resolve(null);
    },
  } as unknown as RoutingWorkerFacade;
  return { routing, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('aviation overlay', () => {
  it('draws the server overview until the nav database is open, navaids after the first idle', () => {
    const map = fakeMap(STYLE);
    aviationOverlay.add?.(map, {});
    aviationOverlay.update(map, { routing: undefined, navDbLoaded: false, config, performance: false }, {});
    const [airportsUrl] = map.sources.get('airports')?.given ?? [];
    expect(typeof airportsUrl === 'string' && airportsUrl.endsWith('/navdata/us.airports.geojson')).toBe(true);
    expect(map.sources.get('navaids')?.given).toEqual([]);
    map.fire('idle');
    expect(String(map.sources.get('navaids')?.given[0])).toMatch(/\/navdata\/us\.navaids\.geojson$/);
  });

  it('asks the routing worker for the view once the database is open, and again after each move until removed', async () => {
    const map = fakeMap(STYLE);
    const data = airports({ id: 'HWD', surface: 'H', lon: -122.12, lat: 37.66 });
    const { routing, calls } = fakeRouting(data);
    const out: Record<string, string | undefined> = {};
    const remove = aviationOverlay.add?.(map, out);
    aviationOverlay.update(map, { routing, navDbLoaded: true, config, performance: false }, out);
    await settle();
    expect(calls).toEqual([{ method: 'mapLayers', params: { bounds: { west: -123, south: 37, east: -121, north: 38 }, zoom: 8, fixes: false, airways: true } }]);
    expect(map.sources.get('airports')?.given).toEqual([data]);
    expect(out).toMatchObject({ mapAirports: '1', mapAirways: '0' });

    // Close in: fixes (not in performance mode) and the runways of the hard-surface airports.
    map.zoom = 12;
    map.fire('moveend');
    await settle();
    expect(calls.slice(1).map((c) => c.method)).toEqual(['mapLayers', 'getRunwayInfo']);
    expect(calls[1]?.params).toMatchObject({ zoom: 12, fixes: true });
    expect(out['mapRunways']).toBe('0');
    aviationOverlay.update(map, { routing, navDbLoaded: true, config, performance: true }, out);
    await settle();
    // The runway answer is kept: only the layers are asked for again.
    expect(calls.slice(3)).toEqual([{ method: 'mapLayers', params: expect.objectContaining({ zoom: 12, fixes: false }) }]);

    remove?.();
    const before = calls.length;
    map.fire('moveend');
    await settle();
    expect(calls).toHaveLength(before);
  });

  it('picks the hard-surface airports nearest the centre for runways, from zoom 11, at most the cap', () => {
    const many = airports(
      { id: 'FAR', surface: 'H', lon: -121, lat: 37 },
      { id: 'SOFT', surface: 'S', lon: -122, lat: 37.5 },
      { id: 'NEAR', surface: 'H', lon: -122.01, lat: 37.5 },
    );
    expect(runwayAirports(many, 11, { lng: -122, lat: 37.5 })).toEqual(['NEAR', 'FAR']);
    expect(runwayAirports(many, 10.9, { lng: -122, lat: 37.5 })).toEqual([]);
    const crowd = airports(...Array.from({ length: RUNWAY_AIRPORT_CAP + 5 }, (_, i) => ({ id: `A${i}`, surface: 'H', lon: -122 + i / 100, lat: 37.5 })));
    const picked = runwayAirports(crowd, 12, { lng: -122, lat: 37.5 });
    expect(picked).toHaveLength(RUNWAY_AIRPORT_CAP);
    expect(picked[0]).toBe('A0');
  });
});
