// Benchmark: parse + full navlog with FB winds for a ~20-fix IFR route with two airways, on the
// world artifact (X-Plane airways), against calm air and parsing alone in the same process; and the
// optimizer over every candidate altitude; then 10,000 route strings (the FAA CDR routes and generated
// ones in every form, see routeStrings.mjs) parsed on the US artifact, against plain tokenising +
// database lookups of the same strings as the baseline. Run after a build:
// npm run bench:flightplan [-- world.cwnav [us.cwnav]]
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../lib/ensure.mjs';
import { benchRouteStrings } from './routeStrings.mjs';

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

// 10,000 route strings on the US artifact (NASR national + 2025 excerpts + CIFP, as the golden cases).
const nasr = join(repoRoot, '..', 'shared', 'data', 'navdata', 'faa-nasr');
let usArtifact = process.argv[3];
if (!usArtifact || !existsSync(usArtifact)) {
  const { buildNavData } = await import(join(repoRoot, 'packages/navimport/dist/build/build.js'));
  const navdata = join(repoRoot, '..', 'shared', 'data', 'navdata');
  console.log('building the US artifact from ../shared/data/navdata/faa-nasr and faa-cifp ...');
  const [built] = await buildNavData({
    from: [join(navdata, 'faa-nasr/national'), join(navdata, 'faa-nasr/excerpts-2025'), join(navdata, 'faa-cifp')],
    outDir: mkdtempSync(join(tmpdir(), 'fp-bench-us-')),
    regions: ['us'],
    now: new Date(),
  });
  usArtifact = built.path;
}
const us = navdb.openNavDb(new Uint8Array(readFileSync(usArtifact)));
const strings = benchRouteStrings(us, nasr, 10_000);
/** The baseline: split on blanks, look every token up as a point (nearest the previous one) and as an airway. */
function tokeniseAndLookUp(s) {
  let ref = null;
  for (const t of s.trim().toUpperCase().split(/\s+/)) {
    const m = us.getWaypoint(t, ref);
    if (m) ref = { latDeg: m.latDeg, lonDeg: m.lonDeg };
    us.airway(t);
  }
}
const built = strings.map((s) => fp.parseRoute(s, profile, us, { now }));
const clean = built.filter((r) => r.invalid_tokens.length === 0 && r.airway_errors.length === 0).length;
console.log(`${strings.length} route strings (${strings.filter((s) => /[A-Z]{2,3}\d{3}/.test(s)).length} with a radial form): ${clean} built without errors`);
const lookups = measure('10,000 strings: tokenise + lookups (baseline)', 7, () => strings.forEach(tokeniseAndLookUp));
const parsed = measure('10,000 strings: parseRoute', 7, () => strings.forEach((s) => fp.parseRoute(s, profile, us, { now })));
// The figure before the issue 28 parser, measured with this script on this machine (2 shared cores)
// at commit 509845e: parseRoute 1.601 s for these 10,000 strings, 0.98 times tokenise + lookups
// (1.639 s) in the same run. Compare ratios: absolute times move with the machine's load.
const BEFORE = { parseMs: 1601, ratio: 0.98 };
// The issue 28 parser before its copies were cut (commit cef0e78: buildRoute's two copies of every
// waypoint, the extras spread of every looked-up point, three airway lookups per token), measured
// with this section of the script on this machine, load average about 4, in the same session as the
// figures of the commits after it: median of 3 runs 0.522 s, 0.48 × tokenise + lookups (0.35 s after).
const BEFORE_COPIES = { parseMs: 522, ratio: 0.48 };
console.log(
  `10,000 strings: parseRoute ${(parsed / 1000).toFixed(3)} s (target under 1 s), ${(parsed / lookups).toFixed(2)} × tokenise + lookups; ` +
    `before the copies were cut (cef0e78): ${(BEFORE_COPIES.parseMs / 1000).toFixed(3)} s, ${BEFORE_COPIES.ratio.toFixed(2)} ×; ` +
    `before issue 28: ${(BEFORE.parseMs / 1000).toFixed(3)} s, ${BEFORE.ratio.toFixed(2)} ×`,
);
