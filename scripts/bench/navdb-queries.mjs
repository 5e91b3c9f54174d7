// Benchmark: nav database queries on the real US artifact over 1,000 real search-box inputs (ids,
// partial ids, names), beside a naive linear scan over the same data, plus the artifact's open time.
// Run after a build: npm run bench:navdb [-- path/to/us.cwnav]
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from '../lib/ensure.mjs';

const navdb = await import(join(repoRoot, 'packages/navdb/dist/index.js'));
const navdbTesting = await import(join(repoRoot, 'packages/navdb/dist/testing/index.js'));
let artifactPath = process.argv[2];
if (!artifactPath || !existsSync(artifactPath)) {
  const { buildNavData } = await import(join(repoRoot, 'packages/navimport/dist/build/build.js'));
  const out = mkdtempSync(join(tmpdir(), 'navdb-bench-'));
  console.log('building the US artifact from ../shared/data/navdata ...');
  const [built] = await buildNavData({ from: [join(repoRoot, '..', 'shared', 'data', 'navdata')], outDir: out, regions: ['us'], now: new Date() });
  artifactPath = built.path;
}
const bytes = new Uint8Array(readFileSync(artifactPath));
console.log(`artifact ${artifactPath}: ${(bytes.length / 1e6).toFixed(2)} MB raw, ${(gzipSync(bytes, { level: 9 }).length / 1e6).toFixed(2)} MB gzip`);

// Cold open: bytes in hand -> first query answered, in a fresh copy each run.
const opens = [];
for (let i = 0; i < 7; i++) {
  const copy = bytes.slice();
  const t = performance.now();
  const db = navdb.openNavDb(copy);
  db.airportSummary('KHWD');
  opens.push(performance.now() - t);
}
opens.sort((a, b) => a - b);
const tDecode = performance.now();
const data = navdb.decodeNavDb(bytes);
const decodeMs = performance.now() - tDecode;
console.log(`open + first query (Node): median ${opens[3].toFixed(1)} ms; full decode to objects (baseline): ${decodeMs.toFixed(0)} ms`);

// 1,000 real queries, sampled evenly: airport FAA and ICAO ids, navaid and fix ids, partial ids, name words.
const pick = (list, n) => Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]).filter(Boolean);
const airports = data.airports;
const queries = [
  ...pick(airports, 250).map((a) => a.id),
  ...pick(airports.filter((a) => a.icaoId), 150).map((a) => a.icaoId),
  ...pick(data.navaids, 100).map((n) => n.id),
  ...pick(data.fixes, 150).map((f) => f.id),
  ...pick(airports, 100).map((a) => a.id.slice(0, 2)),
  ...pick(data.fixes, 100).map((f) => f.id.slice(0, 3)),
  ...pick(airports, 150).map((a) => (a.name.split(' ')[0] ?? a.name).slice(0, 5)),
];
console.log(`${queries.length} queries, e.g. ${queries.filter((_, i) => i % 125 === 0).join(', ')}`);
const db = navdb.openNavDb(bytes.slice());
navdbTesting.runQueryBenchmark(db, queries, { baseline: navdbTesting.createNaiveNavDb(data) });
