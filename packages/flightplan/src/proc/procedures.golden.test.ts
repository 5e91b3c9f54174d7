/**
 * Golden cases of packages/flightplan/cases/procedures: one folder per case with `input.json` and
 * `expected.json`, run on the KHWD CIFP excerpt. UPDATE_GOLDEN=1 rewrites the expectations on purpose;
 * a missing expected.json fails, and under CI the flag itself fails the file.
 */
import { openNavDb, type NavDb } from '@clearway/navdb';
import { buildNavData } from '@clearway/navimport';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, type Route, type Waypoint } from '../model.js';
import { procedureWaypoint } from './legs.js';
import {
  autoSelect,
  getFinalWaypoints,
  getLevel1Transitions,
  getProcTransitions,
  getStarLevel2Transitions,
  getTransitionWaypoints,
  selectionText,
  transitionLabel,
  waypointText,
} from './procedures.js';
import { selectAproach, setDP, setStar } from './routeEdits.js';
import type { ProcFlag } from './transitions.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const casesDir = fileURLToPath(new URL('../../cases/procedures/', import.meta.url));
const update = process.env.UPDATE_GOLDEN === '1';
if (process.env.CI && process.env.UPDATE_GOLDEN) {
  throw new Error('UPDATE_GOLDEN is set under CI: goldens are rewritten on purpose on a developer machine, never by CI; unset it');
}
const work = mkdtempSync(join(tmpdir(), 'proc-golden-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let db: NavDb;
beforeAll(async () => {
  const [artifact] = await buildNavData({
    from: [join(repo, '../shared/data/navdata/faa-nasr/national'), join(repo, '../shared/data/navdata/faa-cifp')],
    outDir: work,
    regions: ['us'],
    now: new Date('2026-11-21T12:00:00Z'),
  });
  if (!artifact) throw new Error('no US artifact built');
  db = openNavDb(readFileSync(artifact.path));
}, 180_000);

interface CaseInput {
  airport: string;
  procedure: string;
  flag: ProcFlag;
  /** Final fixes case: the transitions chosen. */
  transitions?: string[];
  /** Cascade case: what the pilot picks at each level the cascade does not pick by itself. */
  cascade?: boolean;
  pick?: string[];
  /** Cascade case: an approach selected after the STAR, to show the join. */
  approach?: { procedure: string; transition: string };
}

const round = (x: number): number => Math.round(x * 1e6) / 1e6;
const compact = (w: Waypoint) => ({ code: w.code, type: w.type, lat: round(w.location.lat), lon: round(w.location.lon), alt1: w.alt1, alt2: w.alt2, alt_type: w.alt_type });

function baseRoute(airport: string): Route {
  const waypoints = [procedureWaypoint('KSFO', 'AIRPORT', 37.619, -122.375), procedureWaypoint(airport, 'AIRPORT', 37.659, -122.122)];
  return {
    ts: 0, search_string: '', final_string: '', total_distance: 0, total_min: 0, avg_gs: 0, altitude: 6000, waypoints, all_waypoints: waypoints,
    legs: [], all_legs: [], origin: waypoints[0] ?? null, destination: waypoints[1] ?? null, invalid_tokens: [], airway_errors: [],
    vnav_errors: [], total_fuel: 0, avg_temp: 9999, unknown_temp: false,
  };
}

const NOW = { now: 0 };
const level = (list: string[]) => ({ list, labels: list.map(transitionLabel), auto: autoSelect(list) });

function runCase(input: CaseInput): unknown {
  const { airport, procedure, flag } = input;
  if (!input.cascade) {
    const fixes = getFinalWaypoints(db, airport, procedure, input.transitions ?? [], flag);
    return { waypoints: fixes.map(compact), transition_strings: fixes.map(waypointText) };
  }
  const picks = [...(input.pick ?? [])];
  if (flag === 'PF') {
    const transitions = level(getProcTransitions(db, airport, procedure, flag));
    const chosen = transitions.auto ?? picks.shift() ?? '';
    const preview = getTransitionWaypoints(db, airport, procedure, chosen, flag);
    const routed = selectAproach(baseRoute(airport), airport, procedure, chosen, flag, DEFAULT_PROFILE, db, NOW);
    return { transitions, chosen, transition_strings: preview.transition_strings, route_points: routed.all_waypoints.map((w) => w.code) };
  }
  const level1 = level(getLevel1Transitions(db, airport, procedure, flag));
  const t1 = level1.auto ?? picks.shift() ?? '';
  const level2 = level(getStarLevel2Transitions(db, airport, procedure, flag));
  const t2 = level2.auto ?? picks.shift() ?? '';
  const fixes = getFinalWaypoints(db, airport, procedure, [t1, t2], flag);
  const selection = selectionText(flag, procedure, t1, t2);
  let routed = flag === 'PE'
    ? setStar(baseRoute(airport), selection, fixes, airport, DEFAULT_PROFILE, db, NOW)
    : setDP(baseRoute(airport), selection, fixes, 'KSFO', DEFAULT_PROFILE, db, NOW);
  if (input.approach) routed = selectAproach(routed, airport, input.approach.procedure, input.approach.transition, 'PF', DEFAULT_PROFILE, db, NOW);
  return {
    level1,
    level2,
    selection,
    final_fixes: fixes.map(waypointText),
    final_string: routed.final_string,
    route_points: routed.all_waypoints.map((w) => w.code),
  };
}

describe('procedure golden cases (KHWD CIFP)', () => {
  const names = readdirSync(casesDir).filter((n) => existsSync(join(casesDir, n, 'input.json'))).sort();

  it('has the cases of every transition kind', () => {
    expect(names.length).toBeGreaterThanOrEqual(9);
  });

  for (const name of names) {
    it(name, () => {
      const input = JSON.parse(readFileSync(join(casesDir, name, 'input.json'), 'utf8')) as CaseInput;
      const actual = runCase(input);
      const expectedPath = join(casesDir, name, 'expected.json');
      if (update) writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
      else if (!existsSync(expectedPath)) throw new Error(`${name}: ${expectedPath} is missing; write it on purpose with UPDATE_GOLDEN=1 and check it by hand`);
      expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
    });
  }
});
