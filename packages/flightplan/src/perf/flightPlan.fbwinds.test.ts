// runFlightPlan with the weather package's FB winds-aloft source over the real FBUS31 bulletin in
// ../shared/data (a test-only dependency: the engine itself sees only the WindsAloftSource interface).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFbWindsSource, decodeFbBulletin, FB_STATION_POSITIONS } from '@clearway/weather';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE } from '../model.js';
import { runFlightPlan } from './flightPlan.js';
import { getOptimizerOutput } from './optimizer.js';
import { makeRoute, makeWaypoint } from '../testing/testRoute.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const file = join(repo, '../shared/data/weather/winds-aloft/FBUS31_KWNO_310158_2026-01-31_FD1US1.txt');
/** Inside the bulletin's FOR USE 0200-0900Z window on 31 January 2026. */
const NOW = Date.UTC(2026, 0, 31, 4, 0);

function source() {
  if (!existsSync(file)) throw new Error(`FB bulletin expected at ${file} (the repository's ../shared/data)`);
  return createFbWindsSource([{ decoded: decodeFbBulletin(readFileSync(file, 'latin1')), year: 2026, month: 1 }], FB_STATION_POSITIONS);
}

describe('runFlightPlan with real FB winds', () => {
  // KSFO (13 ft) to KLAS (2,181 ft): light westerlies in the valley, northerlies near Las Vegas.
  const route = makeRoute([
    makeWaypoint('KSFO', 37.619, -122.375, { elevation: 13 }),
    makeWaypoint('FAT', 36.776, -119.718),
    makeWaypoint('KLAS', 36.08, -115.152, { elevation: 2181 }),
  ]);

  it('samples the stations along the route and flies each leg in their wind', () => {
    const winds = source();
    const r = runFlightPlan(route, { ...DEFAULT_PROFILE, altitude: 9500 }, { now: NOW, winds });
    expect(r.winds_status).toBe('forecast');
    expect(r.unknown_temp).toBe(false);
    expect(r.avg_temp).toBeGreaterThan(-20);
    expect(r.avg_temp).toBeLessThan(15);
    const stations = new Set(r.all_legs.flatMap((l) => l.wxPoints.map((w) => w.station_id)));
    expect(stations.size).toBeGreaterThan(0);
    const calm = runFlightPlan(route, { ...DEFAULT_PROFILE, altitude: 9500 }, { now: NOW });
    expect(Math.abs(r.total_min - calm.total_min)).toBeGreaterThan(0.1);
    expect(r.all_legs.every((l) => !l.has_errors && Math.abs(l.mh - l.course) > 0.01)).toBe(true);
  });

  it("flies a cruise leg at the ground speed worked by hand from the nearest station's forecast (FAT at 12,000 ft)", () => {
    // The bulletin's FAT line: "FAT 9900 9900+13 2605+09 2716+03 ..." gives 270° 16 kt, +3 °C at 12,000 ft.
    // Leg P1 (37.1 N, 121.0 W) to P2 (36.45 N, 118.45 W): its middle is at the FAT station, its initial
    // true course 106.8° (GeographicLib). Wind from 270°: 163.2° off the course, so a tailwind of
    // 16·cos 163.2° = −15.32 kt and a crosswind of 16·sin 163.2° = 4.62 kt. Wind correction
    // asin(4.62/140) = 1.89°; ground speed 140·cos 1.89° + 15.32 = 155.24 kt (reversed: 124.6 kt).
    const nearestOnly = createFbWindsSource(
      [{ decoded: decodeFbBulletin(readFileSync(file, 'latin1')), year: 2026, month: 1 }],
      FB_STATION_POSITIONS,
      { stationCount: 1 },
    );
    const cruise = makeRoute([
      makeWaypoint('KSFO', 37.619, -122.375, { elevation: 13 }),
      makeWaypoint('P1', 37.1, -121.0),
      makeWaypoint('P2', 36.45, -118.45),
      makeWaypoint('KLAS', 36.08, -115.152, { elevation: 2181 }),
    ]);
    const r = runFlightPlan(cruise, { ...DEFAULT_PROFILE, altitude: 12000 }, { now: NOW, winds: nearestOnly });
    const leg = r.all_legs[1];
    expect(`${leg?.start.code}-${leg?.end.code}`).toBe('P1-P2');
    expect(leg?.climb).toBe(0);
    expect(leg?.descent).toBe(0);
    expect(leg?.wxPoints.map((w) => w.station_id)).toEqual(['FAT']);
    expect(Math.abs((leg?.gs ?? NaN) - 155.24)).toBeLessThan(0.3);
    // Heading: 1.89° right of the course, into the wind from the right rear.
    expect(Math.abs((leg?.mh ?? NaN) - ((leg?.course ?? NaN) + 1.89))).toBeLessThan(0.05);
  });

  it('outside the bulletin window there are no winds: calm and ISA', () => {
    const r = runFlightPlan(route, DEFAULT_PROFILE, { now: Date.UTC(2026, 0, 31, 12, 0), winds: source() });
    expect(r.winds_status).toBe('unavailable');
    expect(r.unknown_temp).toBe(true);
  });

  it('the optimizer rows differ with altitude', () => {
    const rows = getOptimizerOutput(route, true, true, DEFAULT_PROFILE, { now: NOW, winds: source() });
    expect(rows.map((x) => x.altitude)).toEqual([3500, 5500, 7500, 9500, 11500, 13500, 15500, 17500]);
    expect(new Set(rows.map((x) => x.avg_gs.toFixed(1))).size).toBeGreaterThan(rows.length / 2);
    expect(rows.every((x) => x.avg_temp !== 9999)).toBe(true);
  });
});
