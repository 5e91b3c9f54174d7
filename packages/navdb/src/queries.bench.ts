// Nav database benchmark on a synthetic US-size data set: artifact size (raw and gzip), encode and
// cold-open time, and airportSummary / getWaypoint / search over 1,000 queries against the naive
// linear scan. Run: npx vitest bench --project packages --run packages/navdb
// Figures are printed; nothing here fails on time.
import { gzipSync } from 'node:zlib';
import { bench, describe } from 'vitest';
import { decodeNavDb, encodeNavDb, openNavDb } from './index.js';
import { benchmarkQueries, createNaiveNavDb, figures, runQueryBenchmark, syntheticNavDataSet } from './testing/index.js';

const log = (line: string): void => console.log(line);
const data = syntheticNavDataSet();
const counts = `${data.airports.length} airports, ${data.airports.reduce((n, a) => n + a.runways.length, 0)} runways, ${data.navaids.length} navaids, ${data.fixes.length} fixes, ${data.airways.length} airways, ${data.procedures.length} procedures`;

let start = performance.now();
const bytes = encodeNavDb(data);
const encodeMs = performance.now() - start;
const gzipped = gzipSync(bytes, { level: 9 }).length;

// Cold open, measured to the first answered queries; each run gets its own copy of the bytes.
const openSamples: number[] = [];
for (let i = 0; i < 15; i++) {
  const copy = bytes.slice();
  start = performance.now();
  const db = openNavDb(copy);
  db.airportSummary('KSFO');
  db.search('SAN');
  openSamples.push((performance.now() - start) * 1000);
}
const open = figures(openSamples);

log(`\nnav database benchmark, synthetic US-size data: ${counts}`);
log(`artifact: ${(bytes.length / 1e6).toFixed(2)} MB raw, ${(gzipped / 1e6).toFixed(2)} MB gzip -9; encode ${encodeMs.toFixed(0)} ms`);
log(`cold open to first answers (Node): median ${(open.medianUs / 1000).toFixed(1)} ms, p95 ${(open.p95Us / 1000).toFixed(1)} ms over ${open.queries} runs`);

const db = openNavDb(bytes);
const naive = createNaiveNavDb(decodeNavDb(bytes));
const queries = benchmarkQueries(data, 1000);
runQueryBenchmark(db, queries, { baseline: naive, log });

describe('nav database queries (synthetic US size, 1,000 queries per iteration)', () => {
  bench('openNavDb', () => {
    openNavDb(bytes);
  });
  bench('airportSummary x1000', () => {
    for (const q of queries) db.airportSummary(q);
  });
  bench('getWaypoint x1000', () => {
    for (const q of queries) db.getWaypoint(q, { latDeg: 39.5, lonDeg: -98.35 });
  });
  bench('search x1000', () => {
    for (const q of queries) db.search(q);
  });
  bench('nearestAirports(20) x1000', () => {
    for (const a of data.airports.slice(0, 1000)) db.nearestAirports(a, 20);
  });
  bench('inBounds airports, 2x2 degree box, x100', () => {
    for (const a of data.airports.slice(0, 100)) db.inBounds('airport', { west: a.lonDeg - 1, south: a.latDeg - 1, east: a.lonDeg + 1, north: a.latDeg + 1 });
  });
});
