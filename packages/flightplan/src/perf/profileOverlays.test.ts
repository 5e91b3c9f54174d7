import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeNavDb, openNavDb } from '@clearway/navdb';
import { decodeFbBulletin, FB_STATION_POSITIONS } from '@clearway/weather';
import geodesic from 'geographiclib-geodesic';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE } from '../model.js';
import { parseRoute } from '../parse/parseRoute.js';
import { makeRoute, makeWaypoint } from '../testing/testRoute.js';
import { testNavDataSet } from '../testing/testNavData.js';
import { runFlightPlan } from './flightPlan.js';
import { airwayMeaSteps, freezingLevelAlong, positionAlongRoute, stationFreezingLevel, type StationTemperatures } from './profileOverlays.js';
import { routeProfile } from './routeProfile.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const FB_FILE = join(repo, '../shared/data/weather/winds-aloft/FBUS31_KWNO_310158_2026-01-31_FD1US1.txt');
const NOW = Date.UTC(2026, 0, 31, 4);
const WGS84 = geodesic.Geodesic.WGS84;

/** The FBUS31 stations with their positions, as the app hands them to the profile. */
function fbStations(): { stations: StationTemperatures[]; text: string } {
  const text = readFileSync(FB_FILE, 'utf8');
  const decoded = decodeFbBulletin(text);
  const stations = decoded.stations.flatMap((s) => {
    const pos = FB_STATION_POSITIONS[s.id];
    return pos ? [{ id: s.id, lat: pos[0], lon: pos[1], levels: s.levels }] : [];
  });
  return { stations, text };
}

describe('stationFreezingLevel on the FBUS31 of 2026-01-31 (worked by hand from the bulletin lines)', () => {
  const { stations, text } = fbStations();
  const level = (id: string) => stationFreezingLevel(stations.find((s) => s.id === id)!.levels);

  it('SFO: +02 at 12,000 ft, -13 at 18,000 ft: 0 °C at 12,000 + 6,000 × 2/15 = 12,800 ft', () => {
    expect(text).toContain('SFO 2205 2007+13 2211+07 2320+02 2633-13');
    expect(level('SFO')).toEqual({ altitudeFt: 12_800, below: false });
  });
  it('FAT: +03 at 12,000 ft, -13 at 18,000 ft: 13,125 ft; MIA +00 at 12,000 ft: 12,000 ft', () => {
    expect(text).toContain('FAT 9900 9900+13 2605+09 2716+03 2819-13');
    expect(level('FAT')!.altitudeFt).toBeCloseTo(12_000 + (6_000 * 3) / 16, 6);
    expect(text).toContain('MIA 2506 2817+09 2724+04 2533+00');
    expect(level('MIA')).toEqual({ altitudeFt: 12_000, below: false });
  });
  it('ABR -09 at 6,000 ft (its lowest temperature): at or below 6,000 ft; DEN -03 at 9,000 ft: below 9,000 ft', () => {
    expect(text).toContain('ABR 1914 1716-09');
    expect(level('ABR')).toEqual({ altitudeFt: 6_000, below: true });
    expect(text).toMatch(/DEN {14}2918-03/);
    expect(level('DEN')).toEqual({ altitudeFt: 9_000, below: true });
  });
  it('no temperatures, or above freezing everywhere: none', () => {
    expect(stationFreezingLevel([{ altitudeFt: 3000, temperatureC: null }])).toBeNull();
    expect(stationFreezingLevel([{ altitudeFt: 6000, temperatureC: 5 }, { altitudeFt: 9000, temperatureC: 1 }])).toBeNull();
  });
});

describe('freezingLevelAlong', () => {
  const { stations } = fbStations();
  const only = stations.filter((s) => s.id === 'SFO' || s.id === 'FAT');
  const sfo = only.find((s) => s.id === 'SFO')!;
  const fat = only.find((s) => s.id === 'FAT')!;

  it('at a station its own level; halfway between two stations their mean (equal weights)', () => {
    // The point halfway along the WGS84 geodesic is, on the sphere, equidistant within metres: weights equal to 1e-4.
    const line = WGS84.InverseLine(sfo.lat, sfo.lon, fat.lat, fat.lon);
    const mid = line.Position(line.s13 / 2);
    const out = freezingLevelAlong(
      [
        { alongNm: 0, lat: sfo.lat, lon: sfo.lon },
        { alongNm: 50, lat: mid.lat2!, lon: mid.lon2! },
      ],
      only,
      { stationCount: 2 },
    );
    expect(out[0]).toEqual({ alongNm: 0, altitudeFt: 12_800, below: false, stationId: 'SFO' });
    expect(out[1]!.altitudeFt).toBeCloseTo((12_800 + 13_125) / 2, 0);
  });

  it('next to a station below freezing at its lowest level, the point says below; out of reach, nothing', () => {
    const den = stations.find((s) => s.id === 'DEN')!;
    const out = freezingLevelAlong(
      [
        { alongNm: 0, lat: den.lat + 0.1, lon: den.lon },
        { alongNm: 1, lat: 0, lon: -150 },
      ],
      stations,
    );
    expect(out).toEqual([{ alongNm: 0, altitudeFt: 9_000, below: true, stationId: 'DEN' }]);
  });
});

describe('airwayMeaSteps', () => {
  /** The test database with V901's segments at 4,000, 6,000 and 6,000 ft and J901's at 18,000 ft. */
  function db() {
    const data = testNavDataSet();
    const meas: Record<string, (number | null)[]> = { V901: [4000, 6000, 6000, null], J901: [18000, null] };
    for (const a of data.airways) {
      const m = meas[a.id];
      if (m) a.points.forEach((p, i) => (p.meaFt = m[i] ?? null));
    }
    return openNavDb(encodeNavDb(data));
  }

  it('one step per run of legs on one airway at one MEA, over the legs flown on it, either way along the airway', () => {
    const route = runFlightPlan(parseRoute('AAA V901 DDD J901 EEE', DEFAULT_PROFILE, db(), { now: NOW }), DEFAULT_PROFILE, { now: NOW, variationAt: null });
    const legs = route.all_legs;
    expect(legs.map((l) => `${l.start.code}-${l.end.code}`)).toEqual(['AAA-BBB', 'BBB-CCC', 'CCC-DDD', 'DDD-EEE']);
    const at = (i: number) => legs[i]!.distanceSoFar;
    const end = (i: number) => legs[i]!.distanceSoFar + legs[i]!.distance;
    expect(airwayMeaSteps(route)).toEqual([
      { airway: 'V901', fromNm: 0, toNm: end(0), meaFt: 4000 },
      { airway: 'V901', fromNm: at(1), toNm: end(2), meaFt: 6000 },
      { airway: 'J901', fromNm: at(3), toNm: end(3), meaFt: 18000 },
    ]);
    // Reversed, the same segments carry the same MEAs.
    const back = runFlightPlan(parseRoute('EEE J901 DDD V901 AAA', DEFAULT_PROFILE, db(), { now: NOW }), DEFAULT_PROFILE, { now: NOW, variationAt: null });
    expect(airwayMeaSteps(back).map((s) => [s.airway, s.meaFt])).toEqual([
      ['J901', 18000],
      ['V901', 6000],
      ['V901', 4000],
    ]);
    expect(routeProfile(route, null, { bins: 10 }).meaSteps).toEqual(airwayMeaSteps(route));
  });

  it('direct legs have none', () => {
    const route = runFlightPlan(parseRoute('AAA DDD', DEFAULT_PROFILE, db(), { now: NOW }), DEFAULT_PROFILE, { now: NOW, variationAt: null });
    expect(airwayMeaSteps(route)).toEqual([]);
  });
});

describe('positionAlongRoute', () => {
  // 60 nm north along 100°W, then 60 nm east along 41°N.
  const route = runFlightPlan(
    makeRoute([makeWaypoint('A', 40, -100), makeWaypoint('B', 41, -100), makeWaypoint('C', 41, -100 + 60 / (60 * Math.cos((41 * Math.PI) / 180)))]),
    DEFAULT_PROFILE,
    { now: NOW, variationAt: null },
  );

  it('on the first leg: the distance flown from A (a GeographicLib geodesic), off track to the east', () => {
    const at = { lat: 40.5, lon: -99.95 };
    const p = positionAlongRoute(route, at)!;
    expect(p.legIndex).toBe(0);
    // The foot of the perpendicular on a meridian is at the same latitude: A to (40.5, -100).
    const flown = WGS84.Inverse(40, -100, 40.5, -100).s12! / 1852;
    expect(p.alongNm).toBeCloseTo(flown, 1);
    const off = WGS84.Inverse(40.5, -100, 40.5, -99.95).s12! / 1852;
    expect(p.crossTrackNm).toBeGreaterThan(0);
    expect(Math.abs(p.crossTrackNm - off)).toBeLessThan(0.05);
  });

  it('on the second leg past B, and clamped to the ends before the start', () => {
    const p = positionAlongRoute(route, { lat: 41.01, lon: -99.5 })!;
    expect(p.legIndex).toBe(1);
    const leg0 = route.all_legs[0]!.distance;
    expect(p.alongNm).toBeGreaterThan(leg0);
    expect(p.alongNm).toBeCloseTo(leg0 + (WGS84.Inverse(41, -100, 41, -99.5).s12! / 1852) * (route.all_legs[1]!.distance / (WGS84.Inverse(41, -100, 41, route.all_legs[1]!.end.location.lon).s12! / 1852)), 0);
    expect(positionAlongRoute(route, { lat: 39.5, lon: -100 })!.alongNm).toBe(0);
    expect(positionAlongRoute(makeRoute([]), { lat: 0, lon: 0 })).toBeNull();
  });

  it('the profile puts the aircraft at that distance and its altitude', () => {
    const profile = routeProfile(route, null, { bins: 20, aircraft: { lat: 40.5, lon: -99.95, altitudeFt: 4500 } });
    const p = positionAlongRoute(route, { lat: 40.5, lon: -99.95 })!;
    expect(profile.aircraft).toEqual({ alongNm: p.alongNm, crossTrackNm: p.crossTrackNm, altitudeFt: 4500 });
    expect(routeProfile(route, null, { bins: 20 }).aircraft).toBeNull();
  });
});
