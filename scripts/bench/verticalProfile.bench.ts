// Benchmark (issue 24 target: "Vertical profile for a 500 nm route drawn within 100 ms"). A 500 nm,
// 10-leg route planned by the engine (runFlightPlan) over real terrain: the shared NASADEM cell
// (../shared/data/terrain) repeated over every square degree, read bilinearly as the app's terrain
// tiles are; each run computes the profile (400 bins, lookups every 0.05 nm: about 10,000) and its
// chart geometry, and renders the chart component to markup (React, MUI). The terrain tiles' fetch
// and PNG decode in the browser are not in it. Baseline in the same run: structuredClone of the
// planned route (what handing the route to a worker costs). Figures printed; nothing fails on time.
// Run: npm run bench:vprofile
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { geodesicDestination } from '@clearway/geo';
import { DEFAULT_PROFILE, routeProfile, runFlightPlan, type TerrainSource } from '@clearway/flightplan';
import { makeRoute, makeWaypoint } from '@clearway/flightplan/testing';
import { expect, it } from 'vitest';
import { VerticalProfileChart } from '../../apps/web/src/features/route/profile/VerticalProfile';

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
  const route = runFlightPlan(makeRoute(points), { ...DEFAULT_PROFILE, altitude: 9500 }, { now: Date.UTC(2026, 5, 1), variationAt: null });
  const units = { alt_factor: 1, alt_unit: 'ft' as const };
  let markup = '';
  const drawn = stats(40, () => {
    markup = renderToStaticMarkup(createElement(VerticalProfileChart, { profile: routeProfile(route, terrain), units }));
  });
  const computeOnly = stats(40, () => routeProfile(route, terrain));
  const base = stats(200, () => structuredClone(route));
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`route ${route.total_distance.toFixed(1)} nm, ${route.all_legs.length} legs, markup ${markup.length} chars`);
  console.log(`baseline: structuredClone of the route      median ${base.median.toFixed(3)} ms (p95 ${base.p95.toFixed(3)})`);
  console.log(`profile computed (terrain lookups)          median ${computeOnly.median.toFixed(3)} ms (p95 ${computeOnly.p95.toFixed(3)}, ${(computeOnly.median / base.median).toFixed(1)}x baseline)`);
  console.log(`profile computed and drawn (target 100 ms)  median ${drawn.median.toFixed(3)} ms (p95 ${drawn.p95.toFixed(3)}, ${(drawn.median / base.median).toFixed(1)}x baseline)`);
  expect(route.total_distance).toBeGreaterThan(495);
  expect(markup).toContain('TOC');
});
