import { geodesicDistanceNm, greatCircleDestination, greatCircleDistanceNm, greatCircleInitialCourseDeg, greatCircleIntermediatePoint, NM_PER_DEG } from '@clearway/geo';
import { describe, expect, it } from 'vitest';
import { airportsAlongRoute, capBounds, routeLegs, routePosition, DEFAULT_CORRIDOR_TYPES, type CorridorResult } from './corridor.js';
import { encodeNavDb, openNavDb, type Airport, type AirportType, type LatLon, type NavDb } from './index.js';
import { createNaiveNavDb, sampleNavDataSet, syntheticNavDataSet } from './testing/index.js';

/** A bare airport record at a position. */
function airport(id: string, latDeg: number, lonDeg: number, type: AirportType = 'airport'): Airport {
  return {
    id, faaId: id, icaoId: `K${id}`, name: `${id} FIELD`, city: null, state: null, country: 'US', latDeg, lonDeg,
    elevationFt: null, type, publicUse: true, towered: null, fuel: null, fuelTypes: null, longestRunwayFt: null,
    longestRunwaySurface: null, magVarDeg: null, runways: [], frequencies: [],
    source: { source: 'faa-nasr', file: 'APT_BASE.csv', line: 2 },
  };
}

/** The real indexed reader over a hand-built data set. */
function dbOf(airports: Airport[]): NavDb {
  const base = sampleNavDataSet();
  return openNavDb(encodeNavDb({ ...base, airports, navaids: [], fixes: [], airways: [], procedures: [] }));
}

const P = (latDeg: number, lonDeg: number): LatLon => ({ latDeg, lonDeg });
const byId = (r: CorridorResult) => Object.fromEntries(r.airports.map((a) => [a.airport.id, a]));
const ids = (r: CorridorResult) => r.airports.map((a) => a.airport.id);
/**
 * Distances along are fractions of each leg's WGS84 length (the navlog's). Along the equator that
 * is the equatorial radius times the longitude difference: 6,378,137 m × π/180 / 1,852 = 60.108 nm
 * per degree (offsets are on the sphere: NM_PER_DEG = 60.040 nm per degree of arc).
 */
const EQ_NM_PER_DEG = (6_378_137 * Math.PI) / 180 / 1852;

describe('airportsAlongRoute: geometry worked by hand', () => {
  // Along the equator eastwards from 0°E to 10°E: a degree of arc is NM_PER_DEG = 60.04 nm; a point
  // at latitude φ lies φ degrees of arc off the equator's great circle, north = left when flying
  // east; its foot is on its own meridian, so the distance along is its longitude in degrees of arc.
  const equator = [P(0, 0), P(0, 10)];
  const db = dbOf([
    airport('NRT', 0.5, 5), // 30.02 nm left at 300.20 nm
    airport('STH', -0.25, 2), // 15.01 nm right at 120.08 nm
    airport('BYD', 0, 10.2), // 0.2° past the end: 12.01 nm from the last point
    airport('BHD', 0.2, -0.2), // before the start, NW of it: 16.98 nm from the first point
    airport('HEL', -0.1, 3, 'heliport'),
  ]);

  it('lists the airports within 25 nm in route order, with distance along, signed offset and leg', () => {
    const r = airportsAlongRoute(db, equator, { corridorNm: 25 });
    expect(ids(r)).toEqual(['BHD', 'STH', 'BYD']);
    const a = byId(r);
    expect(a.STH!.alongNm).toBeCloseTo(2 * EQ_NM_PER_DEG, 6);
    expect(a.STH!.offsetNm).toBeCloseTo(0.25 * NM_PER_DEG, 6);
    expect(a.STH!.legIndex).toBe(0);
    expect(a.STH!.legFraction).toBeCloseTo(0.2, 9);
    // Beyond the ends: the distance to the end point, on the side of the leg's great circle (on it: right).
    expect(a.BYD!.alongNm).toBeCloseTo(10 * EQ_NM_PER_DEG, 6);
    expect(a.BYD!.legFraction).toBe(1);
    expect(a.BYD!.offsetNm).toBeCloseTo(0.2 * NM_PER_DEG, 6);
    expect(a.BHD!.alongNm).toBe(0);
    expect(a.BHD!.offsetNm).toBeCloseTo(-greatCircleDistanceNm(0, 0, 0.2, -0.2), 9);
    expect(a.BHD!.offsetNm).toBeCloseTo(-16.98, 2);
    expect(r.routeNm).toBeCloseTo(10 * EQ_NM_PER_DEG, 6);
    expect(r.airports.every((x) => x.role === 'en_route' && x.inCorridor)).toBe(true);
  });

  it('a wider corridor takes in the airport 30 nm left; heliports only when asked for', () => {
    const r = airportsAlongRoute(db, equator, { corridorNm: 50 });
    expect(ids(r)).toEqual(['BHD', 'STH', 'NRT', 'BYD']);
    expect(byId(r).NRT!.offsetNm).toBeCloseTo(-0.5 * NM_PER_DEG, 6);
    expect(byId(r).NRT!.alongNm).toBeCloseTo(5 * EQ_NM_PER_DEG, 6);
    const withHeli = airportsAlongRoute(db, equator, { corridorNm: 25, types: [...DEFAULT_CORRIDOR_TYPES, 'heliport'] });
    expect(ids(withHeli)).toEqual(['BHD', 'STH', 'HEL', 'BYD']);
    expect(byId(withHeli).HEL!.offsetNm).toBeCloseTo(0.1 * NM_PER_DEG, 6);
  });

  it('at a turn: the outside corner goes by the distance to the turn point, the inside to the nearer leg', () => {
    // East along the equator to 10°E, then north up the 10°E meridian (a left turn).
    const route = [P(0, 0), P(0, 10), P(10, 10)];
    const turnDb = dbOf([airport('OUT', -0.2, 10.2), airport('INS', 0.3, 9.7), airport('UP1', 2, 10.1)]);
    const r = airportsAlongRoute(turnDb, route, { corridorNm: 25 });
    expect(ids(r)).toEqual(['OUT', 'INS', 'UP1']);
    const a = byId(r);
    // Outside the corner (south-east of it): past leg 1's end and before leg 2's start, right of both.
    expect(a.OUT!.legIndex).toBe(0);
    expect(a.OUT!.alongNm).toBeCloseTo(10 * EQ_NM_PER_DEG, 6);
    expect(a.OUT!.offsetNm).toBeCloseTo(greatCircleDistanceNm(0, 10, -0.2, 10.2), 9);
    // Inside the corner: 0.3° of arc from leg 1, a shade less from leg 2 (asin(cos 0.3° sin 0.3°)); left of both.
    expect(a.INS!.legIndex).toBe(1);
    const insideNm = (Math.asin(Math.cos(0.3 * Math.PI / 180) * Math.sin(0.3 * Math.PI / 180)) * 180 / Math.PI) * NM_PER_DEG;
    expect(a.INS!.offsetNm).toBeCloseTo(-insideNm, 6);
    // Up the meridian: 0.1° of longitude at 2°N east of it = right, asin(cos 2° sin 0.1°) of arc.
    expect(a.UP1!.legIndex).toBe(1);
    expect(a.UP1!.offsetNm).toBeCloseTo((Math.asin(Math.cos(2 * Math.PI / 180) * Math.sin(0.1 * Math.PI / 180)) * 180 / Math.PI) * NM_PER_DEG, 6);
    // Its foot is at about 2°N: a fifth of the way up the second leg (10° of the meridian, WGS84).
    const up = geodesicDistanceNm(0, 10, 10, 10);
    expect(a.UP1!.alongNm).toBeGreaterThan(10 * EQ_NM_PER_DEG + 0.199 * up);
    expect(a.UP1!.alongNm).toBeLessThan(10 * EQ_NM_PER_DEG + 0.201 * up);
  });

  it('a long leg follows its great circle, not the straight line on the chart', () => {
    // New York to London: the great circle bows far north of the lat/lon average of its ends.
    const jfk = P(40.6398, -73.7789);
    const lhr = P(51.4706, -0.4619);
    const totalNm = geodesicDistanceNm(jfk.latDeg, jfk.lonDeg, lhr.latDeg, lhr.lonDeg);
    const mid = greatCircleIntermediatePoint(jfk.latDeg, jfk.lonDeg, lhr.latDeg, lhr.lonDeg, 0.5);
    const course = greatCircleInitialCourseDeg(mid.latDeg, mid.lonDeg, lhr.latDeg, lhr.lonDeg);
    // 20 nm at right angles off the track at its midpoint: exactly 20 nm right, foot at the midpoint.
    const right = greatCircleDestination(mid.latDeg, mid.lonDeg, course + 90, 20);
    const left = greatCircleDestination(mid.latDeg, mid.lonDeg, course - 90, 24);
    const chartMid = P((jfk.latDeg + lhr.latDeg) / 2, (jfk.lonDeg + lhr.lonDeg) / 2);
    expect(greatCircleDistanceNm(mid.latDeg, mid.lonDeg, chartMid.latDeg, chartMid.lonDeg)).toBeGreaterThan(200);
    const longDb = dbOf([airport('MID', mid.latDeg, mid.lonDeg), airport('RGT', right.latDeg, right.lonDeg), airport('LFT', left.latDeg, left.lonDeg), airport('CHT', chartMid.latDeg, chartMid.lonDeg)]);
    const r = airportsAlongRoute(longDb, [jfk, lhr], { corridorNm: 25 });
    expect(new Set(ids(r))).toEqual(new Set(['MID', 'RGT', 'LFT']));
    const a = byId(r);
    // Within 0.0001 nm: the database stores positions to 1e-7 degree (about 5 mm).
    expect(a.MID!.offsetNm).toBeCloseTo(0, 4);
    expect(a.MID!.alongNm).toBeCloseTo(totalNm / 2, 4);
    expect(a.RGT!.offsetNm).toBeCloseTo(20, 4);
    expect(a.RGT!.alongNm).toBeCloseTo(totalNm / 2, 4);
    expect(a.LFT!.offsetNm).toBeCloseTo(-24, 4);
  });

  it('across the antimeridian and over the pole', () => {
    const dateLine = dbOf([airport('DL1', 0.1, 179.9), airport('DL2', -0.1, -179.5), airport('FAR', 1, 179.9)]);
    const r = airportsAlongRoute(dateLine, [P(0, 179), P(0, -179)], { corridorNm: 25 });
    expect(ids(r)).toEqual(['DL1', 'DL2']);
    expect(byId(r).DL1!.alongNm).toBeCloseTo(0.9 * EQ_NM_PER_DEG, 6);
    expect(byId(r).DL1!.offsetNm).toBeCloseTo(-0.1 * NM_PER_DEG, 6);
    expect(byId(r).DL2!.alongNm).toBeCloseTo(1.5 * EQ_NM_PER_DEG, 6);
    expect(byId(r).DL2!.offsetNm).toBeCloseTo(0.1 * NM_PER_DEG, 6);
    // 89°N 0°E to 89°N 180°E goes over the pole along the 0/180 meridian; a point at 89.9°N 90°E is
    // 0.1° of arc off it, to the right (east of the pole when flying north up 0°E).
    const polar = dbOf([airport('PLE', 89.9, 90), airport('PLW', 89.8, -90), airport('SID', 89.5, 90)]);
    const p = airportsAlongRoute(polar, [P(89, 0), P(89, 180)], { corridorNm: 25 });
    expect(ids(p).sort()).toEqual(['PLE', 'PLW']);
    expect(byId(p).PLE!.offsetNm).toBeCloseTo(0.1 * NM_PER_DEG, 6);
    expect(byId(p).PLW!.offsetNm).toBeCloseTo(-0.2 * NM_PER_DEG, 6);
    // Its foot is the pole, halfway along the leg.
    expect(byId(p).PLE!.alongNm).toBeCloseTo(geodesicDistanceNm(89, 0, 89, 180) / 2, 6);
  });

  it('lists the destination and alternates whatever their distance, and says which it cannot find', () => {
    const far = dbOf([airport('ORG', 0, 0), airport('DST', 0, 10), airport('ALT', 3, 10), airport('MID', 0.1, 5)]);
    const r = airportsAlongRoute(far, [P(0, 0), P(0, 10)], {
      corridorNm: 10,
      include: [
        { code: 'KORG', role: 'departure' },
        { code: 'dst', role: 'destination' },
        { code: 'KALT', role: 'alternate' },
        { code: 'KXYZ', role: 'alternate' },
      ],
    });
    expect(r.airports.map((a) => [a.airport.id, a.role, a.inCorridor])).toEqual([
      ['ORG', 'departure', true],
      ['MID', 'en_route', true],
      ['DST', 'destination', true],
      ['ALT', 'alternate', false],
    ]);
    // 3° north of the last point: beyond the route's end, 180 nm left of its line.
    expect(byId(r).ALT!.offsetNm).toBeCloseTo(-3 * NM_PER_DEG, 6);
    expect(byId(r).ALT!.alongNm).toBeCloseTo(10 * EQ_NM_PER_DEG, 6);
    expect(r.problems).toEqual(['Alternate KXYZ is not in the nav database']);
  });

  it('a one-point route lists what lies around it; an empty route nothing', () => {
    const r = airportsAlongRoute(db, [P(0, 2)], { corridorNm: 25 });
    expect(ids(r)).toEqual(['STH']);
    expect(byId(r).STH!.distanceNm).toBeCloseTo(0.25 * NM_PER_DEG, 6);
    expect(airportsAlongRoute(db, []).airports).toEqual([]);
  });

  it('refuses a bad corridor or a route point without a position, saying which', () => {
    expect(() => airportsAlongRoute(db, equator, { corridorNm: 0 })).toThrow('Corridor width must be more than 0 and at most 200 nm each side, not 0');
    expect(() => airportsAlongRoute(db, equator, { corridorNm: Number.NaN })).toThrow(RangeError);
    expect(() => airportsAlongRoute(db, [P(0, 0), P(Number.NaN, 3)])).toThrow('Route point 2 has no valid position (latitude NaN, longitude 3)');
  });
});

describe('capBounds', () => {
  it('holds the whole cap: its widest longitude is asin(sin r / cos lat)', () => {
    const b = capBounds(P(60, 10), 60);
    // 60 nm at 60°N: about 2° of longitude either side (1° of arc / cos 60°).
    expect(b.east - 10).toBeCloseTo(Math.asin(Math.sin(60 / 3440.07019148103) / 0.5) * 180 / Math.PI, 9);
    expect(b.north - 60).toBeCloseTo(60 / NM_PER_DEG, 9);
    expect(capBounds(P(89.5, 0), 60)).toEqual({ west: -180, south: 89.5 - 60 / NM_PER_DEG, east: 180, north: 90 });
    const wrapped = capBounds(P(0, 179.9), 30);
    expect(wrapped.west).toBeGreaterThan(wrapped.east);
  });
});

describe('airportsAlongRoute against a scan of every airport', () => {
  // The index finds exactly what a scan of every airport with the same geometry finds.
  const data = syntheticNavDataSet({ scale: 0.25, seed: 17 });
  const indexed = openNavDb(encodeNavDb(data));
  const naive = createNaiveNavDb(data);
  let seed = 99;
  const random = (): number => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };

  it('finds the same airports at the same places on 24 random routes', () => {
    let listed = 0;
    for (let n = 0; n < 24; n++) {
      const count = 2 + Math.floor(random() * 6);
      const points = Array.from({ length: count }, () => P(26 + random() * 22, -122 + random() * 50));
      const corridorNm = [10, 25, 50][n % 3]!;
      const legs = routeLegs(points);
      const expected = data.airports
        .filter((a) => DEFAULT_CORRIDOR_TYPES.includes(a.type))
        .map((a) => ({ a, pos: routePosition(legs, a)! }))
        .filter(({ pos }) => pos.distanceNm <= corridorNm)
        .map(({ a, pos }) => `${a.id} ${pos.alongNm.toFixed(6)} ${pos.offsetNm.toFixed(6)}`)
        .sort();
      for (const db of [indexed, naive]) {
        const got = airportsAlongRoute(db, points, { corridorNm }).airports.map((x) => `${x.airport.id} ${x.alongNm.toFixed(6)} ${x.offsetNm.toFixed(6)}`);
        expect(got.slice().sort()).toEqual(expected);
      }
      listed += expected.length;
    }
    expect(listed).toBeGreaterThan(500);
  });

  it('keeps route order', () => {
    const r = airportsAlongRoute(indexed, [P(33, -118), P(36, -112), P(35, -106)], { corridorNm: 25 });
    expect(r.airports.length).toBeGreaterThan(10);
    for (let i = 1; i < r.airports.length; i++) expect(r.airports[i]!.alongNm).toBeGreaterThanOrEqual(r.airports[i - 1]!.alongNm);
  });
});
