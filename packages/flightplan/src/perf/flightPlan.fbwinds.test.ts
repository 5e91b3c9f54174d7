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
import { makeRoute, makeWaypoint } from './testRoute.js';

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
