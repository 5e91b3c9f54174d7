import { buildNavData } from '@clearway/navimport';
import { openNavDb, type NavDb } from '@clearway/navdb';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, type Route, type Waypoint } from '../model.js';
import { parseRoute } from './parseRoute.js';

/*
 * Golden route cases: packages/flightplan/cases/routes/<name>/input.txt (+ options.json naming the
 * database, `us` by default or `world`) parsed against nav databases built from ../shared/data,
 * compared exactly with expected.json. UPDATE_GOLDEN=1 rewrites the expectations on purpose; a missing
 * expected.json fails, and under CI the flag itself fails the file (goldens are never written there).
 */

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const casesDir = join(repo, 'packages/flightplan/cases/routes');
const navdata = join(repo, '../shared/data/navdata');
const update = process.env['UPDATE_GOLDEN'] === '1';
if (process.env['CI'] && process.env['UPDATE_GOLDEN']) {
  throw new Error('UPDATE_GOLDEN is set under CI: goldens are rewritten on purpose on a developer machine, never by CI; unset it');
}
const NOW = Date.UTC(2026, 10, 21, 12);

/** The route as JSON, with expansions and origin/destination written as codes to keep the files readable. */
function snapshot(route: Route): unknown {
  const point = (w: Waypoint) => ({ ...w, expanded_waypoints: w.expanded_waypoints.map((e) => e.code) });
  return {
    ...route,
    waypoints: route.waypoints.map(point),
    // Points a DP or STAR expands into belong to the procedures module (its own golden cases): code and position only.
    all_waypoints: route.all_waypoints.map((w) => {
      const from = route.waypoints[w.original_index];
      return from && (from.type === 'DP' || from.type === 'STAR') ? { code: w.code, location: w.location, original_index: w.original_index } : point(w);
    }),
    origin: route.origin?.code ?? null,
    destination: route.destination?.code ?? null,
  };
}

const work = mkdtempSync(join(tmpdir(), 'fp-golden-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const dbs: Record<string, NavDb> = {};

beforeAll(async () => {
  if (!existsSync(navdata)) throw new Error(`Shared nav data expected at ${navdata} (the repository's ../shared/data)`);
  const now = new Date(NOW);
  const [us] = await buildNavData({ from: [join(navdata, 'faa-nasr/national'), join(navdata, 'faa-nasr/excerpts-2025'), join(navdata, 'faa-cifp')], outDir: join(work, 'us'), regions: ['us'], now });
  const [world] = await buildNavData({ from: [join(navdata, 'xplane-fg2013')], outDir: join(work, 'world'), regions: ['world'], now });
  if (!us || !world) throw new Error('both nav databases expected');
  dbs['us'] = openNavDb(readFileSync(us.path));
  dbs['world'] = openNavDb(readFileSync(world.path));
}, 180_000);

describe('golden route cases', () => {
  const names = readdirSync(casesDir).sort();
  it('has cases', () => expect(names.length).toBeGreaterThan(10));
  for (const name of names) {
    it(name, () => {
      const dir = join(casesDir, name);
      const input = readFileSync(join(dir, 'input.txt'), 'utf8').replace(/\n$/, '');
      const options = existsSync(join(dir, 'options.json')) ? (JSON.parse(readFileSync(join(dir, 'options.json'), 'utf8')) as { db?: string }) : {};
      const db = dbs[options.db ?? 'us'];
      if (!db) throw new Error(`${name}: unknown database ${options.db}`);
      const route = parseRoute(input, DEFAULT_PROFILE, db, { now: NOW });
      const actual = `${JSON.stringify(snapshot(route), null, 2)}\n`;
      const expectedPath = join(dir, 'expected.json');
      if (update) writeFileSync(expectedPath, actual);
      else if (!existsSync(expectedPath)) throw new Error(`${name}: ${expectedPath} is missing; write it on purpose with UPDATE_GOLDEN=1 and check it by hand`);
      expect(actual).toBe(readFileSync(expectedPath, 'utf8'));
      // The canonical string parses back to the same route.
      expect(parseRoute(route.final_string, DEFAULT_PROFILE, db, { now: NOW }).final_string).toBe(route.final_string);
    });
  }
});
