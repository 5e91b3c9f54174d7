// Along the Route corridor search: a 500 nm route with a 25 nm corridor, on the synthetic US-size
// data set (and on a real artifact with CORRIDOR_BENCH_ARTIFACT=path/us.cwnav), against the naive
// reader's linear scan. Run: npx vitest bench --project packages --run packages/navdb/src/corridor.bench.ts
// Figures are printed; nothing here fails on time.
import { readFileSync } from 'node:fs';
import { greatCircleDistanceNm } from '@clearway/geo';
import { bench, describe } from 'vitest';
import { airportsAlongRoute } from './corridor.js';
import { decodeNavDb, encodeNavDb, openNavDb, type LatLon, type NavDb } from './index.js';
import { createNaiveNavDb, figures, syntheticNavDataSet } from './testing/index.js';

const log = (line: string): void => console.log(line);

/** Five legs, 502 nm in all: Albuquerque north-east to Kansas. */
const ROUTE: LatLon[] = [
  { latDeg: 35.04, lonDeg: -106.61 },
  { latDeg: 35.62, lonDeg: -105.2 },
  { latDeg: 36.3, lonDeg: -103.9 },
  { latDeg: 36.9, lonDeg: -102.3 },
  { latDeg: 37.5, lonDeg: -100.85 },
  { latDeg: 37.75, lonDeg: -96.95 },
];
const routeNm = ROUTE.slice(1).reduce((sum, p, i) => sum + greatCircleDistanceNm(ROUTE[i]!.latDeg, ROUTE[i]!.lonDeg, p.latDeg, p.lonDeg), 0);

function measure(name: string, db: NavDb, baseline: NavDb | null, runs = 200): void {
  const once = () => airportsAlongRoute(db, ROUTE, { corridorNm: 25 });
  const listed = once().airports.length;
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    once();
    samples.push((performance.now() - t0) * 1000);
  }
  const f = figures(samples);
  let line = `${name}: ${routeNm.toFixed(0)} nm route, 5 legs, 25 nm corridor, ${listed} airports listed: median ${(f.medianUs / 1000).toFixed(2)} ms, p95 ${(f.p95Us / 1000).toFixed(2)} ms`;
  if (baseline) {
    const slow: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      airportsAlongRoute(baseline, ROUTE, { corridorNm: 25 });
      slow.push((performance.now() - t0) * 1000);
    }
    const b = figures(slow);
    line += `; naive scan median ${(b.medianUs / 1000).toFixed(1)} ms (${(b.medianUs / f.medianUs).toFixed(0)}x)`;
  }
  log(line);
}

const data = syntheticNavDataSet();
const synthetic = openNavDb(encodeNavDb(data));
measure('synthetic US-size data', synthetic, createNaiveNavDb(data));

const artifact = process.env.CORRIDOR_BENCH_ARTIFACT;
const real = artifact ? openNavDb(readFileSync(artifact)) : null;
if (real && artifact) measure(`artifact ${artifact} (${real.header.counts.airports} airports)`, real, createNaiveNavDb(decodeNavDb(readFileSync(artifact))));

describe('corridor search', () => {
  bench('airportsAlongRoute, 500 nm, 25 nm corridor (synthetic)', () => {
    airportsAlongRoute(synthetic, ROUTE, { corridorNm: 25 });
  });
  if (real) {
    bench('airportsAlongRoute, 500 nm, 25 nm corridor (artifact)', () => {
      airportsAlongRoute(real, ROUTE, { corridorNm: 25 });
    });
  }
});
