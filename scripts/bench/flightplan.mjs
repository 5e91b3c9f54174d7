// Benchmark: parse + full navlog with FB winds for a ~20-fix IFR route with two airways, on the
// world artifact (X-Plane airways), against calm air and parsing alone in the same process; and the
// optimizer over every candidate altitude. Run after a build: npm run bench:flightplan [-- world.cwnav]
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../lib/ensure.mjs';

const dist = (pkg) => join(repoRoot, 'packages', pkg, 'dist', 'index.js');
const navdb = await import(dist('navdb'));
const fp = await import(dist('flightplan'));
const weather = await import(dist('weather'));

let artifact = process.argv[2];
if (!artifact || !existsSync(artifact)) {
  const { buildNavData } = await import(join(repoRoot, 'packages/navimport/dist/build/build.js'));
  console.log('building the world artifact from ../shared/data/navdata/xplane-fg2013 ...');
  const [built] = await buildNavData({
    from: [join(repoRoot, '..', 'shared', 'data', 'navdata', 'xplane-fg2013')],
    outDir: mkdtempSync(join(tmpdir(), 'fp-bench-')),
    regions: ['world'],
    now: new Date(),
  });
  artifact = built.path;
}
const db = navdb.openNavDb(new Uint8Array(readFileSync(artifact)));
const fbFile = join(repoRoot, '..', 'shared', 'data', 'weather', 'winds-aloft', 'FBUS31_KWNO_310158_2026-01-31_FD1US1.txt');
const winds = weather.createFbWindsSource([{ decoded: weather.decodeFbBulletin(readFileSync(fbFile, 'latin1')), year: 2026, month: 1 }], weather.FB_STATION_POSITIONS);
// Inside the bulletin's use window (0200-0900Z on the 31st).
const now = Date.UTC(2026, 0, 31, 4, 0);
const profile = { ...fp.DEFAULT_PROFILE, flightRule: 'IFR', altitude: 9000, etd_iso: new Date(now).toISOString() };
const text = 'KEUG EUG V23 RBL V25 SFO KSFO';

const probe = fp.runFlightPlan(fp.parseRoute(text, profile, db, { now }), profile, { now, winds });
console.log(`route ${probe.final_string}: ${probe.all_waypoints.length} fixes, ${probe.total_distance.toFixed(0)} nm, winds ${probe.winds_status}, errors ${JSON.stringify(probe.airway_errors)}`);

function measure(label, runs, fn) {
  for (let i = 0; i < 20; i++) fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(runs / 2)];
  console.log(`${label.padEnd(40)} median ${median.toFixed(3)} ms  p95 ${times[Math.floor(runs * 0.95)].toFixed(3)} ms`);
  return median;
}

const parseOnly = measure('parse only', 500, () => fp.parseRoute(text, profile, db, { now }));
const calm = measure('parse + navlog, calm air (baseline)', 500, () => fp.runFlightPlan(fp.parseRoute(text, profile, db, { now }), profile, { now, winds: null }));
const full = measure('parse + navlog with FB winds', 500, () => fp.runFlightPlan(fp.parseRoute(text, profile, db, { now }), profile, { now, winds }));
const route = fp.parseRoute(text, profile, db, { now });
const rows = fp.getOptimizerOutput(route, false, false, profile, { now, winds });
const optimizer = measure(`optimizer, ${rows.length} IFR altitudes, FB winds`, 100, () => fp.getOptimizerOutput(route, false, false, profile, { now, winds }));
console.log(`ratios: with winds / calm ${(full / calm).toFixed(2)}, with winds / parse only ${(full / parseOnly).toFixed(2)}, optimizer / one navlog ${(optimizer / (full - parseOnly)).toFixed(1)}`);
