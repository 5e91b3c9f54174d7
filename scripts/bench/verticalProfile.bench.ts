// Benchmark (issue 24 target: "Vertical profile for a 500 nm route drawn within 100 ms"). A 500 nm,
// 10-leg route planned by the engine (runFlightPlan) over real terrain: the shared NASADEM cell
// (../shared/data/terrain) repeated over every square degree, read bilinearly as the app's terrain
// tiles are; each run computes the profile (400 bins, lookups every 0.05 nm: about 10,000) and its
// chart geometry, and renders the chart component to markup (React, MUI). The terrain tiles' fetch
// and PNG decode in the browser are not in it. Baseline in the same run: structuredClone of the
// planned route (what handing the route to a worker costs), and the plain great-circle distance
// summed over the same legs. With the overlays (issue 24): MEA steps on the legs (the route's points
// carry `airway_leg` as the parser sets it; the MEAs here are made up, the nav data's airways do not
// run this line), the freezing level from the real FBUS31 stations (../shared/data/weather) and the
// aircraft's mark. Figures printed; nothing fails on time.
// Run: npm run bench:vprofile
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { geodesicDestination, greatCircleDistanceNm } from '@clearway/geo';
import { DEFAULT_PROFILE, routeProfile, runFlightPlan, type TerrainSource } from '@clearway/flightplan';
import { decodeFbBulletin, FB_STATION_POSITIONS } from '@clearway/weather';
import { makeRoute, makeWaypoint } from '@clearway/flightplan/testing';
import { expect, it } from 'vitest';
import { VerticalProfileChart } from '../../apps/web/src/features/route/profile/VerticalProfile';
import { profileChart } from '../../apps/web/src/features/route/profile/profileChart';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const hgt = readFileSync(join(repoRoot, '..', 'shared', 'data', 'terrain', 'N44W072_nasadem_3arcsec.hgt'));
const view = new DataView(hgt.buffer, hgt.byteOffset, hgt.byteLength);
const SIZE = 1201;
const raw = (r: number, c: number) => view.getInt16((r * SIZE + c) * 2, false);
/** The Mount Washington cell laid over every square degree. */
const terrain: TerrainSource = {
  elevationM(lat, lon) {
    const row = (1 - (lat - Math.floor(lat))) * (SIZE - 1);
    const col = (lon - Math.floor(lon)) * (SIZE - 1);
    const r0 = Math.min(SIZE - 2, Math.floor(row));
    const c0 = Math.min(SIZE - 2, Math.floor(col));
    const fr = row - r0;
    const fc = col - c0;
    return (raw(r0, c0) * (1 - fc) + raw(r0, c0 + 1) * fc) * (1 - fr) + (raw(r0 + 1, c0) * (1 - fc) + raw(r0 + 1, c0 + 1) * fc) * fr;
  },
};

function stats(runs: number, fn: () => void): { median: number; p95: number } {
  for (let i = 0; i < 3; i++) fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return { median: t[Math.floor(runs / 2)]!, p95: t[Math.floor(runs * 0.95)]! };
}

it('vertical profile of a 500 nm route: compute and draw', () => {
  const points = [makeWaypoint('KAAA', 40, -100, { elevation: 1500, type: 'AIRPORT' })];
  for (let i = 1; i <= 10; i++) {
    const d = geodesicDestination(40, -100, 60, i * 50);
    points.push(makeWaypoint(i === 10 ? 'KBBB' : `WP${i}`, d.latDeg, d.lonDeg, i === 10 ? { elevation: 900, type: 'AIRPORT' } : {}));
  }
  // Legs 2 to 9 on one airway, its MEA stepping up and down (made-up values, for the drawing's cost).
  points.forEach((p, i) => {
    if (i >= 2 && i <= 9) p.airway_leg = { airway: 'V999', mea_ft: 4000 + 1000 * (i % 3) };
  });
  const fb = decodeFbBulletin(readFileSync(join(repoRoot, '..', 'shared', 'data', 'weather', 'winds-aloft', 'FBUS31_KWNO_310158_2026-01-31_FD1US1.txt'), 'utf8'));
  const stations = fb.stations.flatMap((st) => {
    const pos = FB_STATION_POSITIONS[st.id];
    return pos ? [{ id: st.id, lat: pos[0], lon: pos[1], levels: st.levels }] : [];
  });
  const aircraftAt = geodesicDestination(40, -100, 60, 180);
  const aircraft = { lat: aircraftAt.latDeg, lon: aircraftAt.lonDeg, altitudeFt: 9400 };
  const route = runFlightPlan(makeRoute(points), { ...DEFAULT_PROFILE, altitude: 9500 }, { now: Date.UTC(2026, 5, 1), variationAt: null });
  const units = { alt_factor: 1, alt_unit: 'ft' as const };
  let markup = '';
  const drawn = stats(40, () => {
    markup = renderToStaticMarkup(createElement(VerticalProfileChart, { profile: routeProfile(route, terrain), units }));
  });
  const computeOnly = stats(40, () => routeProfile(route, terrain));
  const base = stats(200, () => structuredClone(route));
  let gcNm = 0;
  const greatCircle = stats(200, () => {
    gcNm = route.all_legs.reduce((sum, l) => sum + greatCircleDistanceNm(l.start.location.lat, l.start.location.lon, l.end.location.lat, l.end.location.lon), 0);
  });
  let withOverlays = '';
  let overlayProfile = routeProfile(route, terrain, { stations, aircraft });
  const overlays = stats(40, () => {
    overlayProfile = routeProfile(route, terrain, { stations, aircraft });
    withOverlays = renderToStaticMarkup(createElement(VerticalProfileChart, { profile: overlayProfile, units }));
  });
  const geometry = stats(200, () => profileChart(overlayProfile));
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`route ${route.total_distance.toFixed(1)} nm, ${route.all_legs.length} legs, markup ${markup.length} chars`);
  console.log(`baseline: structuredClone of the route      median ${base.median.toFixed(3)} ms (p95 ${base.p95.toFixed(3)})`);
  console.log(`profile computed (terrain lookups)          median ${computeOnly.median.toFixed(3)} ms (p95 ${computeOnly.p95.toFixed(3)}, ${(computeOnly.median / base.median).toFixed(1)}x baseline)`);
  console.log(`profile computed and drawn (target 100 ms)  median ${drawn.median.toFixed(3)} ms (p95 ${drawn.p95.toFixed(3)}, ${(drawn.median / base.median).toFixed(1)}x baseline)`);
  console.log(`baseline: great-circle distance over the legs median ${greatCircle.median.toFixed(4)} ms (p95 ${greatCircle.p95.toFixed(4)}, ${gcNm.toFixed(1)} nm)`);
  console.log(`chart geometry only (with overlays)         median ${geometry.median.toFixed(3)} ms (p95 ${geometry.p95.toFixed(3)}, ${(geometry.median / greatCircle.median).toFixed(0)}x great-circle baseline)`);
  console.log(`with MEA, 0°C (${stations.length} FB stations), aircraft: computed and drawn median ${overlays.median.toFixed(3)} ms (p95 ${overlays.p95.toFixed(3)}, ${(overlays.median / base.median).toFixed(1)}x structuredClone, ${(overlays.median / greatCircle.median).toFixed(0)}x great-circle; target 100 ms)`);
  console.log(`overlays: ${overlayProfile.meaSteps.length} MEA steps, ${overlayProfile.freezing.length} freezing points (${overlayProfile.freezing.filter((f) => f.below).length} below the lowest level), aircraft at ${overlayProfile.aircraft?.alongNm.toFixed(1)} nm`);
  expect(route.total_distance).toBeGreaterThan(495);
  expect(overlayProfile.meaSteps.length).toBeGreaterThan(1);
  expect(overlayProfile.aircraft).not.toBeNull();
  expect(withOverlays).toContain('profile-aircraft');
  expect(markup).toContain('TOC');
});
