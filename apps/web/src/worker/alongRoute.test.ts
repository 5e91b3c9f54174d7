// @vitest-environment node
// Node, not jsdom: see routing.test.ts (realm of jsdom's typed arrays).
import { DEFAULT_PROFILE } from '@clearway/flightplan';
import { greatCircleDestination, greatCircleInitialCourseDeg, greatCircleIntermediatePoint } from '@clearway/geo';
import { encodeNavDb, type Airport } from '@clearway/navdb';
import { sampleNavDataSet } from '@clearway/navdb/testing';
import { describe, expect, it } from 'vitest';
import { createDirectRoutingEndpoint } from './directEndpoint';
import { createRoutingHandlers } from './handlers';
import { timedRoutePoints } from './alongRoute';

const NOW = Date.parse('2026-11-21T18:00:00Z');

/** The sample data set (KSFO, KOAK, KHWD, a heliport, two far airports) plus MID: 2 nm right of the middle of OAK-HWD. */
function artifact(): { bytes: ArrayBuffer; mid: { latDeg: number; lonDeg: number } } {
  const data = sampleNavDataSet();
  const oak = data.airports.find((a) => a.id === 'OAK')!;
  const hwd = data.airports.find((a) => a.id === 'HWD')!;
  const half = greatCircleIntermediatePoint(oak.latDeg, oak.lonDeg, hwd.latDeg, hwd.lonDeg, 0.5);
  const course = greatCircleInitialCourseDeg(half.latDeg, half.lonDeg, hwd.latDeg, hwd.lonDeg);
  const mid = greatCircleDestination(half.latDeg, half.lonDeg, course + 90, 2);
  const extra: Airport = { ...oak, id: 'MID', faaId: 'MID', icaoId: null, name: 'MIDWAY FIELD', latDeg: mid.latDeg, lonDeg: mid.lonDeg, runways: [], frequencies: [] };
  const bytes = encodeNavDb({ ...data, airports: [...data.airports, extra] });
  return { bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, mid };
}

async function loadedEndpoint() {
  const routing = createDirectRoutingEndpoint({ handlers: createRoutingHandlers({ clock: () => NOW }) });
  await routing.ready;
  await routing.call('loadDatabase', { bytes: artifact().bytes });
  return routing;
}

describe('alongRoute in the routing worker', () => {
  it('lists the airports along an analysed route in order, each timed by the navlog', async () => {
    const routing = await loadedEndpoint();
    const profile = { ...DEFAULT_PROFILE };
    const parsed = await routing.call('parseRoute', { text: 'KSFO KOAK KHWD', profile });
    const route = await routing.call('runFlightPlan', { route: parsed, profile });
    const [leg1, leg2] = route.all_legs;
    expect(route.all_legs.length).toBe(2);
    const etd = route.etd_ms!;
    expect(etd).toBe(NOW);

    const r = await routing.call('alongRoute', { route, corridorNm: 10 });
    expect(r.airports.map((a) => [a.ident, a.role, a.legIndex])).toEqual([
      ['KSFO', 'departure', 0],
      ['KOAK', 'en_route', 0],
      ['MID', 'en_route', 1],
      ['KHWD', 'destination', 1],
    ]);
    const [sfo, oak, mid, hwd] = r.airports;
    // The corridor's distances along are the navlog's (WGS84 geodesic leg lengths).
    expect(r.routeNm).toBeCloseTo(route.total_distance, 6);
    expect(hwd!.alongNm).toBeCloseTo(route.total_distance, 6);
    expect(oak!.alongNm).toBeCloseTo(leg1!.distance, 6);
    // Departure at the ETD, a turn point and the destination at their navlog ETAs.
    expect(sfo!.etaMs).toBe(etd);
    expect(oak!.etaMs).toBe(Math.round(leg1!.eta!));
    expect(hwd!.etaMs).toBe(Math.round(leg2!.eta!));
    // MID lies abeam the middle of the second leg, 2 nm right: its ETA is halfway between the leg's ends.
    expect(mid!.offsetNm).toBeCloseTo(2, 3);
    expect(mid!.alongNm).toBeCloseTo(leg1!.distance + leg2!.distance / 2, 3);
    expect(Math.abs(mid!.etaMs! - (leg1!.eta! + leg2!.eta!) / 2)).toBeLessThan(1000);
    expect(mid!.legFrom).toBe('KOAK');
    expect(mid!.legTo).toBe('KHWD');
    expect(r.etdMs).toBe(etd);
    expect(r.problems).toEqual([]);
  });

  it('lists alternates whatever their distance and says which it cannot find; an unanalysed route is untimed', async () => {
    const routing = await loadedEndpoint();
    const profile = { ...DEFAULT_PROFILE };
    const parsed = await routing.call('parseRoute', { text: 'KSFO KOAK', profile });
    const r = await routing.call('alongRoute', { route: parsed, corridorNm: 1, alternates: ['KHWD', 'LSZH', 'ZZZZ'] });
    expect(r.airports.map((a) => [a.ident, a.role, a.inCorridor])).toEqual([
      ['KSFO', 'departure', true],
      ['KOAK', 'destination', true],
      ['KHWD', 'alternate', false],
      ['LSZH', 'alternate', false],
    ]);
    expect(r.airports.every((a) => a.etaMs === null)).toBe(true);
    expect(r.etdMs).toBeNull();
    expect(r.problems).toEqual(['Alternate ZZZZ is not in the nav database']);
  });

  it('refuses bad parameters, naming the field', async () => {
    const routing = await loadedEndpoint();
    const parsed = await routing.call('parseRoute', { text: 'KSFO KOAK', profile: { ...DEFAULT_PROFILE } });
    await expect(routing.call('alongRoute', { route: parsed, corridorNm: 0 })).rejects.toThrow('Corridor width must be more than 0 and at most 200 nm each side, not 0');
    await expect(routing.call('alongRoute', { route: null as never, corridorNm: 25 })).rejects.toThrow('alongRoute: route must be a route object');
    await expect(routing.call('alongRoute', { route: parsed, corridorNm: '25' as never })).rejects.toThrow('alongRoute: corridorNm must be a number of nm, not "25"');
  });

  it('leaves out route points without a position and says so', async () => {
    const routing = await loadedEndpoint();
    const parsed = await routing.call('parseRoute', { text: 'KSFO ZZZZZ KOAK', profile: { ...DEFAULT_PROFILE } });
    const problems: string[] = [];
    const points = timedRoutePoints({ ...parsed, all_legs: [], all_waypoints: [...parsed.all_waypoints, { ...parsed.all_waypoints[0]!, code: 'BAD', invalid: true }] }, problems);
    expect(points.map((p) => p.code)).toEqual(parsed.all_waypoints.filter((w) => !w.invalid).map((w) => w.code));
    expect(problems).toContain('Route point BAD has no position and is left out');
  });
});
