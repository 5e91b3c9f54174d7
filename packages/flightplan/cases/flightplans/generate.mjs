// Writes the expected.json of every flight-plan golden case in this folder from independent oracles:
// GeographicLib (geographiclib-geodesic, WGS84 geodesics) for leg distances and initial true courses,
// the magvar package (its own WMM2025 implementation, not the geomagnetism package the engine uses)
// for the variation, and the positions of the nav records in the databases built from ../shared/data
// (the same sources and build date as the golden tests). It never calls the flight-plan engine: the
// points of each leg come from the case's input.json (`points`, as a pilot reads them off the chart),
// each one looked up by ident in the database, nearest the previous point.
//
// Run from the repository root: node packages/flightplan/cases/flightplans/generate.mjs
// (it builds navimport first with tsc -b). Rewrite expectations only on purpose, and say why in the commit.
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import process from 'node:process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import geodesic from 'geographiclib-geodesic';
import { magvar } from 'magvar';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '../../../..');
const navdata = join(repo, '../shared/data/navdata');
/** The build date of the golden tests' databases (src/parse/golden.test.ts). */
const BUILD_NOW = new Date(Date.UTC(2026, 10, 21, 12));
const M_PER_NM = 1852;
/** Stations whose radials a pilot flies (a plain TACAN's azimuth is military; NDBs have none). */
const VOR_TYPES = new Set(['VOR', 'VORTAC', 'VOR-DME']);

if (!existsSync(navdata)) throw new Error(`Shared nav data expected at ${navdata} (the repository's ../shared/data)`);
const tsc = spawnSync(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-b', join(repo, 'packages/navimport')], { stdio: 'inherit' });
if (tsc.status !== 0) throw new Error('tsc -b packages/navimport failed');
const version = (name) => JSON.parse(readFileSync(join(repo, 'node_modules', name, 'package.json'), 'utf8')).version;
const { buildNavData } = await import(pathToFileURL(join(repo, 'packages/navimport/dist/index.js')).href);
const { openNavDb } = await import(pathToFileURL(join(repo, 'packages/navdb/dist/index.js')).href);

const work = mkdtempSync(join(tmpdir(), 'fp-oracle-'));
try {
  const [us] = await buildNavData({ from: [join(navdata, 'faa-nasr/national'), join(navdata, 'faa-nasr/excerpts-2025'), join(navdata, 'faa-cifp')], outDir: join(work, 'us'), regions: ['us'], now: BUILD_NOW });
  const [world] = await buildNavData({ from: [join(navdata, 'xplane-fg2013')], outDir: join(work, 'world'), regions: ['world'], now: BUILD_NOW });
  const dbs = { us: openNavDb(readFileSync(us.path)), world: openNavDb(readFileSync(world.path)) };

  for (const name of readdirSync(here).sort()) {
    const inputPath = join(here, name, 'input.json');
    if (!existsSync(inputPath)) continue;
    const input = JSON.parse(readFileSync(inputPath, 'utf8'));
    const db = dbs[input.db];
    if (!db) throw new Error(`${name}: unknown database ${input.db}`);
    const departure = new Date(input.departure);
    let previous = null;
    // A point is an ident, or { ident, kind } where the ident is shared (OAK: the VORTAC, not the airport).
    const points = input.points.map((point) => {
      const { ident, kind } = typeof point === 'string' ? { ident: point, kind: null } : point;
      const match = kind ? nearest(db.waypointCandidates(ident).filter((c) => c.kind === kind), previous) : db.getWaypoint(ident, previous);
      if (!match) throw new Error(`${name}: ${ident}${kind ? ` (${kind})` : ''} is not in the ${input.db} database`);
      previous = { latDeg: match.latDeg, lonDeg: match.lonDeg };
      const navaidType = match.kind === 'NAVAID' ? match.record.type : null;
      return { ident, lat: match.latDeg, lon: match.lonDeg, published_variation_deg: match.magVarDeg, navaid_type: navaidType };
    });
    const airwayLegs = new Set(input.airway_legs ?? []);
    const legs = [];
    let total = 0;
    for (let i = 0; i + 1 < points.length; i++) {
      const a = points[i];
      const b = points[i + 1];
      const inv = geodesic.Geodesic.WGS84.Inverse(a.lat, a.lon, b.lat, b.lon);
      const distanceNm = inv.s12 / M_PER_NM;
      const trueCourse = (inv.azi1 + 360) % 360;
      // Variation at the leg's start, sea level, at the departure time (magvar rounds to 0.01°).
      const variation = magvar(a.lat, a.lon, 0, departure);
      const magnetic = (trueCourse - variation + 360) % 360;
      const leg = {
        from: a.ident,
        to: b.ident,
        distance_nm: round(distanceNm, 4),
        true_course_deg: round(trueCourse, 3),
        variation_deg: variation,
        magnetic_course_deg: round(magnetic, 3),
      };
      if (airwayLegs.has(i) && VOR_TYPES.has(a.navaid_type ?? '') && a.published_variation_deg !== null) {
        const exact = (trueCourse - a.published_variation_deg + 360) % 360;
        const whole = Math.round(exact) % 360;
        Object.assign(leg, { radial: whole === 0 ? 360 : whole, radial_exact_deg: round(exact, 3) });
      }
      legs.push(leg);
      total += distanceNm;
    }
    const expected = {
      route: input.route,
      db: input.db,
      departure: input.departure,
      oracle: {
        positions: `nav records of the ${input.db} database built from ../shared/data/navdata, each point looked up by ident nearest the previous one`,
        distance_and_true_course: `geographiclib-geodesic ${version('geographiclib-geodesic')}: WGS84 inverse geodesic, distance and initial azimuth at the leg's start`,
        variation: `magvar ${version('magvar')} (WMM2025): at the leg's start, sea level, at the departure time`,
        radial: "airway legs out of a VOR: initial true course minus the station's published variation, rounded to whole degrees",
      },
      points: points.map(({ ident, lat, lon }) => ({ ident, lat, lon })),
      legs,
      total_distance_nm: round(total, 4),
    };
    writeFileSync(join(here, name, 'expected.json'), `${JSON.stringify(expected, null, 2)}\n`);
    console.log(`${name}: ${legs.length} legs, ${round(total, 1)} nm`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** The candidate nearest `reference` (by GeographicLib distance), the first without one. */
function nearest(candidates, reference) {
  if (!reference) return candidates[0] ?? null;
  const d = (c) => geodesic.Geodesic.WGS84.Inverse(reference.latDeg, reference.lonDeg, c.latDeg, c.lonDeg).s12;
  return candidates.reduce((best, c) => (best === null || d(c) < d(best) ? c : best), null);
}

function round(x, digits) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
