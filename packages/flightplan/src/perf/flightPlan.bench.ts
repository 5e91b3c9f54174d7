// Navlog and optimizer benchmark: runFlightPlan on a 20-fix route with winds aloft from a
// 40-station source (nearest station, levels interpolated, as an FB decoder does), against the same
// route in calm air; parseRoute + runFlightPlan on a 20-fix route string; and getOptimizerOutput
// over all VFR and IFR candidates against the sum of single runs.
// Run: npx vitest bench --project packages --run packages/flightplan
// With CLEARWAY_NAVDB=path/to/us.cwnav the parse runs on that artifact (a real US route of VORs);
// without it on the parser's small test database (airways and lat/lon points).
// Figures are printed; nothing here fails on time.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openNavDb } from '@clearway/navdb';
import { createFbWindsSource, decodeFbBulletin, FB_STATION_POSITIONS } from '@clearway/weather';
import { bench, describe } from 'vitest';
import { parseRoute } from '../parse/parseRoute.js';
import { testNavDb } from '../testing/testNavData.js';
import type { WindSample, WindsAloftSource } from '../model.js';
import { DEFAULT_PROFILE, UNKNOWN_ALT } from '../model.js';
import { runFlightPlan } from './flightPlan.js';
import { getOptimizerOutput } from './optimizer.js';
import { distanceNm } from './sphere.js';
import { makeRoute, makeWaypoint } from '../testing/testRoute.js';

const NOW = Date.UTC(2026, 10, 21, 18, 0);
const LEVELS_FT = [3000, 6000, 9000, 12000, 18000, 24000];

/** 40 stations on a grid over the western US with winds veering and strengthening with height. */
const stations = Array.from({ length: 40 }, (_, i) => ({
  id: `S${i}`,
  lat: 32 + (i % 8) * 1.5,
  lon: -124 + Math.floor(i / 8) * 3,
  levels: LEVELS_FT.map((ft, k) => ({ dir: (250 + k * 8 + i) % 360, speed: 10 + k * 9 + (i % 5), temp: 15 - ft / 500 })),
}));

const winds: WindsAloftSource = {
  windAt({ lat, lon, altitudeFt }): WindSample | null {
    let best = stations[0];
    let bestD = Infinity;
    for (const s of stations) {
      const d = distanceNm({ lat, lon }, s);
      if (d < bestD) {
        bestD = d;
        best = s;
      }
    }
    if (!best) return null;
    let k = LEVELS_FT.findIndex((ft) => ft >= altitudeFt);
    if (k <= 0) k = k === 0 ? 1 : LEVELS_FT.length - 1;
    const lo = best.levels[k - 1];
    const hi = best.levels[k];
    const loFt = LEVELS_FT[k - 1] ?? 0;
    const hiFt = LEVELS_FT[k] ?? 1;
    if (!lo || !hi) return null;
    const f = Math.min(1, Math.max(0, (altitudeFt - loFt) / (hiFt - loFt)));
    return {
      directionDeg: lo.dir + (hi.dir - lo.dir) * f,
      speedKt: lo.speed + (hi.speed - lo.speed) * f,
      temperatureC: lo.temp + (hi.temp - lo.temp) * f,
      stationId: best.id,
      stationLat: best.lat,
      stationLon: best.lon,
      aloft: [lo.dir, lo.speed, lo.temp, hi.dir, hi.speed, hi.temp],
    };
  },
};

// 20 fixes from the Bay Area to Las Vegas with a dog-leg, airports at both ends.
const fixes = Array.from({ length: 20 }, (_, i) => {
  const f = i / 19;
  return makeWaypoint(i === 0 ? 'KSQL' : i === 19 ? 'KLAS' : `FX${i}`, 37.51 + (36.08 - 37.51) * f + Math.sin(f * Math.PI) * 0.6, -122.25 + (-115.15 + 122.25) * f, {
    elevation: i === 0 ? 5 : i === 19 ? 2181 : UNKNOWN_ALT,
  });
});
const route = makeRoute(fixes);
const profile = { ...DEFAULT_PROFILE, altitude: 9500 };

function figures(samples: number[]): { median: number; p95: number } {
  const s = [...samples].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)] ?? NaN, p95: s[Math.floor(s.length * 0.95)] ?? NaN };
}
function time(runs: number, f: () => void): { median: number; p95: number } {
  for (let i = 0; i < 20; i++) f();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    samples.push(performance.now() - t);
  }
  return figures(samples);
}
const ms = (x: number): string => `${x.toFixed(3)} ms`;

// The real FBUS31 bulletin of ../shared/data through the weather package's source, when present.
const fbFile = fileURLToPath(new URL('../../../../../shared/data/weather/winds-aloft/FBUS31_KWNO_310158_2026-01-31_FD1US1.txt', import.meta.url));
const fbNow = Date.UTC(2026, 0, 31, 4, 0);
const fbWinds = existsSync(fbFile)
  ? createFbWindsSource([{ decoded: decodeFbBulletin(readFileSync(fbFile, 'latin1')), year: 2026, month: 1 }], FB_STATION_POSITIONS)
  : null;

const artifact = process.env.CLEARWAY_NAVDB;
const db = artifact ? openNavDb(new Uint8Array(readFileSync(artifact))) : testNavDb();
const routeText = artifact
  ? 'KSQL OSI SJC SNS PXN CZQ AVE EHF GMN LHS PMD TRM PSP HEC DAG GFS EED BLD LAS KLAS'
  : `AAA V901 DDD J901 EEE ${Array.from({ length: 14 }, (_, i) => `${37 + i * 0.1}/${-119 + i * 0.2}`).join(' ')} DDD`;
const parsedOnce = parseRoute(routeText, profile, db, { now: NOW });
const parseAndPlan = time(500, () => runFlightPlan(parseRoute(routeText, profile, db, { now: NOW }), profile, { now: NOW, winds }));
const parseOnly = time(500, () => parseRoute(routeText, profile, db, { now: NOW }));

// WMM variation is memoised per place and day; a new day each run shows the cold cost (no cache hits).
let day = 0;
const wmmCold = time(30, () => runFlightPlan(route, profile, { now: NOW + ++day * 86_400_000, winds }));
const noVariation = time(500, () => runFlightPlan(route, profile, { now: NOW, winds, variationAt: null }));
const fbPlan = fbWinds ? time(500, () => runFlightPlan(parseRoute(routeText, profile, db, { now: fbNow }), profile, { now: fbNow, winds: fbWinds })) : null;
const fbOptimizer = fbWinds ? time(100, () => getOptimizerOutput(route, true, true, profile, { now: fbNow, winds: fbWinds })) : null;
const withWinds = time(500, () => runFlightPlan(route, profile, { now: NOW, winds }));
const calm = time(500, () => runFlightPlan(route, profile, { now: NOW }));
const vfr = time(100, () => getOptimizerOutput(route, true, true, profile, { now: NOW, winds }));
const ifr = time(100, () => getOptimizerOutput(route, false, false, profile, { now: NOW, winds }));
const candidates = getOptimizerOutput(route, true, true, profile, { now: NOW, winds }).length;
const ifrCandidates = getOptimizerOutput(route, false, false, profile, { now: NOW, winds }).length;
const r = runFlightPlan(route, profile, { now: NOW, winds });
console.log(`\nflight plan benchmark: 20 fixes, ${r.total_distance.toFixed(0)} nm, winds from 40 stations`);
console.log(`runFlightPlan with winds: median ${ms(withWinds.median)}, p95 ${ms(withWinds.p95)} (target: parse + navlog < 2 ms)`);
console.log(`parseRoute + runFlightPlan with winds (${artifact ? 'US artifact' : 'test database'}, ${parsedOnce.all_waypoints.length} points, ${parsedOnce.invalid_tokens.length} invalid tokens): median ${ms(parseAndPlan.median)}, p95 ${ms(parseAndPlan.p95)}; parse alone median ${ms(parseOnly.median)}`);
if (fbPlan && fbOptimizer) {
  const fbRun = runFlightPlan(route, profile, { now: fbNow, winds: fbWinds });
  console.log(`real FBUS31 winds (${fbRun.winds_status}): parseRoute + runFlightPlan median ${ms(fbPlan.median)}, p95 ${ms(fbPlan.p95)}; optimizer VFR east median ${ms(fbOptimizer.median)}, p95 ${ms(fbOptimizer.p95)}`);
} else {
  console.log(`real FB bulletin not found at ${fbFile}; synthetic winds only`);
}
console.log(`runFlightPlan with winds, WMM cold (new day each run): median ${ms(wmmCold.median)}; without variation lookups: median ${ms(noVariation.median)}`);
console.log(`runFlightPlan calm (baseline): median ${ms(calm.median)}, p95 ${ms(calm.p95)}; winds cost x${(withWinds.median / calm.median).toFixed(2)}`);
console.log(`getOptimizerOutput VFR east (${candidates} altitudes): median ${ms(vfr.median)}, p95 ${ms(vfr.p95)} (target < 40 ms); x${(vfr.median / (withWinds.median * candidates)).toFixed(2)} of ${candidates} single runs`);
console.log(`getOptimizerOutput IFR west (${ifrCandidates} altitudes): median ${ms(ifr.median)}, p95 ${ms(ifr.p95)}`);

describe('navlog and optimizer (20-fix route, winds)', () => {
  bench('runFlightPlan with winds', () => {
    runFlightPlan(route, profile, { now: NOW, winds });
  });
  bench('parseRoute + runFlightPlan with winds', () => {
    runFlightPlan(parseRoute(routeText, profile, db, { now: NOW }), profile, { now: NOW, winds });
  });
  bench('runFlightPlan calm', () => {
    runFlightPlan(route, profile, { now: NOW });
  });
  bench('getOptimizerOutput VFR east, all candidates', () => {
    getOptimizerOutput(route, true, true, profile, { now: NOW, winds });
  });
});
