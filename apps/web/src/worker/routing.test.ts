// @vitest-environment node
// Node, not jsdom: jsdom's TextEncoder returns Uint8Arrays of another realm, which the nav database
// encoder does not recognise (the browser and its workers have one realm).
import { describe, expect, it } from 'vitest';
import { createDirectRoutingEndpoint } from './directEndpoint';
import { createRoutingHandlers, type RoutingHandlers } from './handlers';
import { ROUTING_METHODS, type RoutingMethod } from './messages';
import { tinyArtifact } from '../test/navFixture';

/** Handlers whose `search` waits until its call is cancelled, reporting the abort. */
function hangingSearch(onAbort: (reason: unknown) => void): RoutingHandlers {
  return {
    ...createRoutingHandlers(),
    search: (_params, { signal }) =>
      new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          onAbort(signal.reason);
          reject(new Error('stopped'));
        });
      }),
  };
}

describe('the routing message map through the direct adapter', () => {
  it('lists every method of the map', () => {
    const handlers = createRoutingHandlers();
    expect(Object.keys(handlers).sort()).toEqual([...ROUTING_METHODS].sort());
  });

  it('loads an artifact (transferring its buffer) and answers every query', async () => {
    const routing = createDirectRoutingEndpoint();
    await routing.ready;
    expect(await routing.call('status', {})).toEqual({ loaded: false, header: null });

    const bytes = tinyArtifact();
    const size = bytes.byteLength;
    const header = await routing.call('loadDatabase', { bytes });
    expect(header).toMatchObject({ cycle: '2511', region: 'us', counts: { airports: 2, navaids: 1, fixes: 1, airways: 1, procedures: 1 } });
    // Transferred, as to a worker: the caller's buffer is detached.
    expect(bytes.byteLength).toBe(0);
    expect(size).toBeGreaterThan(0);

    expect(await routing.call('status', {})).toMatchObject({ loaded: true, header: { cycle: '2511' } });
    expect(await routing.call('airportSummary', { code: 'khwd' })).toMatchObject({ code: 'HWD', icao: 'KHWD', name: 'HAYWARD EXECUTIVE', longest_runway_surf: 'H' });
    expect(await routing.call('airportSummary', { code: 'ZZZZ' })).toHaveProperty('error');
    const runways = await routing.call('getRunwayInfo', { airportId: 'HWD' });
    expect(runways?.runway.paths).toHaveLength(1);
    expect(runways?.summary.code).toBe('HWD');
    expect(await routing.call('getRunwayInfo', { airportId: 'NOPE' })).toBeNull();

    const oak = await routing.call('getWaypoint', { code: 'OAK' });
    expect(oak).toMatchObject({ code: 'OAK', ambiguous: true, candidates: 2 });
    const sunol = await routing.call('getWaypoint', { code: 'SUNOL', reference: { latDeg: 37.7, lonDeg: -122 } });
    expect(sunol).toMatchObject({ kind: 'FIX', latDeg: 37.6, lonDeg: -121.9 });
    expect(await routing.call('getWaypoint', { code: 'NOWHERE' })).toBeNull();

    const hits = await routing.call('search', { query: 'hay', limit: 5 });
    expect(hits.map((hit) => hit.ident)).toContain('HWD');
    const inBox = await routing.call('inBounds', { kind: 'airport', bounds: { west: -122.2, south: 37.6, east: -122.0, north: 37.7 } });
    expect(inBox.map((a) => a.id)).toEqual(['HWD']);
    const airways = await routing.call('airwaysInBounds', { bounds: { west: -122.1, south: 37.5, east: -121.95, north: 37.7 } });
    expect(airways.map((s) => `${s.airwayId} ${s.kind} ${s.from.ident}-${s.to.ident}`)).toEqual(['V334 V OAK-SUNOL']);
    expect(await routing.call('airwaysInBounds', { bounds: { west: -100, south: 30, east: -99, north: 31 } })).toEqual([]);
    // The map's sources as lean GeoJSON: only what the style reads; fixes and airways only when asked.
    const box = { west: -122.3, south: 37.5, east: -121.8, north: 37.8 };
    const layers = await routing.call('mapLayers', { bounds: box, zoom: 9, fixes: true, airways: true });
    const hwd = layers.airports.features.find((f) => f.properties?.['id'] === 'HWD');
    expect(hwd).toMatchObject({ geometry: { type: 'Point' }, properties: { id: 'HWD', towered: expect.any(Boolean), surface: expect.stringMatching(/^[HSW]$/) } });
    expect(Object.keys(hwd?.properties ?? {}).sort()).toEqual(['id', 'name', 'surface', 'towered', 'type']);
    expect(layers.fixes.features.map((f) => f.properties?.['id'])).toContain('SUNOL');
    expect(layers.airways.features.map((f) => f.properties?.['id'])).toContain('V334');
    const far = await routing.call('mapLayers', { bounds: box, zoom: 9, fixes: false, airways: false });
    expect(far.airports.features.length).toBe(layers.airports.features.length);
    expect(far.fixes.features).toEqual([]);
    expect(far.airways.features).toEqual([]);
    const nearest = await routing.call('nearestAirports', { point: { latDeg: 37.72, lonDeg: -122.22 }, count: 1 });
    expect(nearest[0]?.airport.id).toBe('OAK');
    expect(nearest[0]?.distanceNm).toBeLessThan(1);
    const sids = await routing.call('procedures', { airportId: 'HWD', kind: 'SID' });
    expect(sids.map((p) => p.id)).toEqual(['HWD3']);
  });

  it('rejects queries before a database is loaded with the error name and message', async () => {
    const routing = createDirectRoutingEndpoint();
    const queries: [RoutingMethod, object][] = [
      ['airportSummary', { code: 'HWD' }],
      ['search', { query: 'H' }],
    ];
    for (const [method, params] of queries) {
      const error = await routing.call(method, params as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).toMatchObject({ name: 'NavDbNotLoadedError', message: 'No nav database is loaded' });
    }
  });

  it('serialises a thrown error back as {name, message} and keeps the previous database', async () => {
    const routing = createDirectRoutingEndpoint();
    await routing.call('loadDatabase', { bytes: tinyArtifact() });
    const error = await routing.call('loadDatabase', { bytes: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]).buffer }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('NavDbFormatError');
    expect((error as Error).message).not.toBe('');
    expect(await routing.call('status', {})).toMatchObject({ loaded: true, header: { cycle: '2511' } });
  });

  it('cancels a call: the promise rejects with AbortError and the handler sees its signal abort', async () => {
    let handlerSaw: unknown = null;
    const routing = createDirectRoutingEndpoint({ handlers: hangingSearch((reason) => (handlerSaw = reason ?? 'aborted')) });
    const controller = new AbortController();
    const pending = routing.call('search', { query: 'H' }, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(handlerSaw).not.toBeNull();

    // An already-aborted signal never reaches the handler.
    await expect(routing.call('status', {}, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects calls in flight and later calls once disposed', async () => {
    const routing = createDirectRoutingEndpoint({ handlers: hangingSearch(() => undefined) });
    const pending = routing.call('search', { query: 'H' });
    routing.dispose();
    await expect(pending).rejects.toMatchObject({ name: 'RoutingEndpointClosedError' });
    await expect(routing.call('status', {})).rejects.toMatchObject({ name: 'RoutingEndpointClosedError' });
  });

  it('refuses results that could not cross a worker boundary', async () => {
    const handlers: RoutingHandlers = { ...createRoutingHandlers(), status: () => ({ loaded: false, header: null, oops: () => 1 }) as never };
    const routing = createDirectRoutingEndpoint({ handlers });
    await expect(routing.call('status', {})).rejects.toMatchObject({ name: 'DataCloneError' });
  });
});
