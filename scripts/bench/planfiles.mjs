// Benchmark: flight plan files (targets: import of a 100-waypoint plan of any format under 20 ms, export
// under 5 ms), against a baseline measured in the same run over the same text: JSON.parse of the same
// plan as JSON (the least work any reader of that much text can do).
// Run: npm run bench:planfiles (builds packages/planfiles first).
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../lib/ensure.mjs';

const p = await import(join(repoRoot, 'packages', 'planfiles', 'dist', 'index.js'));

function median(runs, fn) {
  for (let i = 0; i < 5; i++) fn();
  const t = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return { median: t[Math.floor(runs / 2)], p95: t[Math.floor(runs * 0.95)] };
}

console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
const kinds = ['vor', 'ndb', 'fix', 'user'];
const points = Array.from({ length: 100 }, (_, i) => ({
  ident: i === 0 ? 'KSEA' : i === 99 ? 'KPDX' : `P${String(i).padStart(3, '0')}X`.slice(0, 5),
  kind: i === 0 || i === 99 ? 'airport' : kinds[i % 4],
  lat: 47.45 - i * 0.018,
  lon: -122.31 - Math.sin(i) * 0.2,
  altitudeFt: 8500,
  ...(i % 7 === 3 && i < 98 ? { airway: 'V23' } : {}),
}));
const plan = { points, procedures: {}, departure: 'KSEA', destination: 'KPDX' };
const baselineText = JSON.stringify(plan);
const base = median(200, () => JSON.parse(baselineText));
console.log(`${'baseline: JSON.parse of the plan'.padEnd(44)} median ${base.median.toFixed(3)} ms`);
for (const format of ['xplane-fms', 'garmin-fpl', 'garmin-gfp', 'msfs2020-pln', 'msfs2024-pln', 'fsx-pln', 'lnmpln', 'fgfp', 'gpx', 'icao-route']) {
  const text = p.writePlan(format, plan, { created: '2026-01-01T00:00:00Z' });
  const read = median(200, () => p.readPlan(text));
  const write = median(200, () => p.writePlan(format, plan, { created: '2026-01-01T00:00:00Z' }));
  console.log(
    `${format.padEnd(14)} ${String(text.length).padStart(6)} chars  import median ${read.median.toFixed(3)} ms (p95 ${read.p95.toFixed(3)}, ${(read.median / base.median).toFixed(0)}x baseline)  export median ${write.median.toFixed(3)} ms (p95 ${write.p95.toFixed(3)})`,
  );
}
