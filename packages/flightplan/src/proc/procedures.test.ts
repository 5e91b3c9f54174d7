import { encodeNavDb, openNavDb, type NavDataSet, type NavDb, type Procedure, type ProcedureLeg } from '@clearway/navdb';
import { buildNavData } from '@clearway/navimport';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, type Waypoint } from '../model.js';
import { parseRoute } from '../parse/parseRoute.js';
import { runFlightPlan } from '../perf/flightPlan.js';
import { selectAproach, setStar } from './routeEdits.js';
import { procedureTokenWaypoint } from './expand.js';
import { legConstraint, legsToWaypoints } from './legs.js';
import { procedureName } from './names.js';
import {
  autoSelect,
  getDPs,
  getFinalWaypoints,
  getLevel1Transitions,
  getProcedures,
  getProcTransitions,
  getStarLevel2Transitions,
  getStars,
  getTransitionWaypoints,
  transitionLabel,
} from './procedures.js';

const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'proc-khwd-'));
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

const codes = (ws: readonly Waypoint[]): string[] => ws.map((w) => w.code);

describe('procedure lists on the KHWD CIFP (FAA and ICAO ids)', () => {
  it('lists STARs and approaches, no DPs, under HWD and KHWD alike', () => {
    for (const id of ['HWD', 'KHWD', 'khwd']) {
      expect(getStars(db, id)).toEqual([
        { nfd: 'PXN6', name: 'PXN SIX' },
        { nfd: 'SHARR1', name: 'SHARR ONE' },
      ]);
      expect(getProcedures(db, id)).toEqual([
        { nfd: 'L28L', name: 'LOC RWY 28L' },
        { nfd: 'R28L', name: 'RNAV (GPS) RWY 28L' },
        { nfd: 'VDM-A', name: 'VOR/DME-A' },
      ]);
      expect(getDPs(db, id)).toEqual([]);
    }
  });

  it('answers empty lists for unknown airports and procedures', () => {
    expect(getStars(db, 'ZZZZ')).toEqual([]);
    expect(getProcTransitions(db, 'KHWD', 'NOPE1')).toEqual([]);
    expect(getLevel1Transitions(db, 'KHWD', 'NOPE1', 'PE')).toEqual([]);
    expect(getFinalWaypoints(db, 'KHWD', 'NOPE1', ['X'])).toEqual([]);
    expect(getTransitionWaypoints(db, 'KHWD', 'NOPE1', 'X', 'PF')).toEqual({ waypoints: [], transition_strings: [] });
  });
});

describe('STAR cascade', () => {
  it('level 1 lists enroute transitions, level 2 runway transitions or NOTRANSITION', () => {
    expect(getLevel1Transitions(db, 'KHWD', 'PXN6', 'PE')).toEqual(['AVE', 'GMN']);
    expect(getLevel1Transitions(db, 'KHWD', 'SHARR1', 'PE')).toEqual(['MRLET', 'RPARK', 'RUSME']);
    expect(getStarLevel2Transitions(db, 'KHWD', 'SHARR1', 'PE')).toEqual(['NOTRANSITION']);
    expect(autoSelect(getStarLevel2Transitions(db, 'KHWD', 'PXN6', 'PE'))).toBe('NOTRANSITION');
    expect(autoSelect(getLevel1Transitions(db, 'KHWD', 'PXN6', 'PE'))).toBeNull();
    expect(getProcTransitions(db, 'KHWD', 'PXN6', 'PE')).toEqual(['AVE', 'GMN']);
  });

  it('final fixes join the enroute transition to the common route once', () => {
    expect(codes(getFinalWaypoints(db, 'KHWD', 'PXN6', ['GMN', 'NOTRANSITION']))).toEqual(['GMN', 'SRENA', 'PXN', 'KARNN', 'BORED', 'BUSHY', 'SUNOL']);
    expect(codes(getFinalWaypoints(db, 'KHWD', 'PXN6', ['NOTRANSITION', 'NOTRANSITION']))).toEqual(['PXN', 'KARNN', 'BORED', 'BUSHY', 'SUNOL']);
  });

  it('skips the fixless VM leg ending SHARR1 and keeps the at-altitude constraints', () => {
    const ws = getFinalWaypoints(db, 'KHWD', 'SHARR1', ['RUSME']);
    expect(codes(ws)).toEqual(['RUSME', 'BIFFY', 'WRAPS', 'MAMIE', 'SHARR', 'LOCKE', 'CATTY']);
    const biffy = ws[1] as Waypoint;
    expect([biffy.alt1, biffy.alt_type, biffy.type, biffy.fixed]).toEqual([20000, '@', 'FIX', true]);
    expect((ws[6] as Waypoint).alt1).toBe(8000);
  });
});

describe('approaches', () => {
  it('offers Vectors To Final first, then the approach transitions', () => {
    expect(getProcTransitions(db, 'KHWD', 'R28L', 'PF')).toEqual(['VTF', 'SJC', 'SUNOL', 'VINCO']);
    expect(getProcTransitions(db, 'HWD', 'VDM-A')).toEqual(['VTF', 'SJC']);
    expect(transitionLabel('VTF')).toBe('Vectors To Final');
    expect(transitionLabel('NOTRANSITION')).toBe('No Transition');
    expect(transitionLabel('SJC')).toBe('SJC');
  });

  it('flies transition then final to the runway, missed approach left out, hold merged', () => {
    const { waypoints, transition_strings } = getTransitionWaypoints(db, 'KHWD', 'R28L', 'SUNOL', 'PF');
    expect(codes(waypoints)).toEqual(['SUNOL', 'JOBUS', 'OKIVY', 'WESCH', 'SUDGE', 'FENRA', 'BOGRE', 'HUZBY', 'RW28L']);
    expect(transition_strings.slice(0, 2)).toEqual(['SUNOL', 'JOBUS +5700']);
    expect(transition_strings[5]).toBe('FENRA V2120/2126');
    expect(transition_strings[8]).toBe('RW28L @85');
    expect((waypoints[8] as Waypoint).type).toBe('RUNWAY');
    expect((waypoints[0] as Waypoint).type).toBe('FIX');
  });

  it('VTF starts at the final approach fix', () => {
    expect(codes(getFinalWaypoints(db, 'KHWD', 'R28L', ['VTF']))).toEqual(['SUDGE', 'FENRA', 'BOGRE', 'HUZBY', 'RW28L']);
    expect(codes(getFinalWaypoints(db, 'KHWD', 'L28L', ['VTF']))).toEqual(['FERNE', 'RISHE', 'RW28L']);
    expect(codes(getFinalWaypoints(db, 'KHWD', 'VDM-A', ['VTF']))).toEqual(['ZENUG', 'WUTOX', 'HIVSO']);
  });

  it('an approach transition of a navaid gives a NAVAID waypoint', () => {
    const ws = getFinalWaypoints(db, 'KHWD', 'L28L', ['SJC']);
    expect(codes(ws)).toEqual(['SJC', 'BRIEN', 'JIBAN', 'FERNE', 'RISHE', 'RW28L']);
    expect((ws[0] as Waypoint).type).toBe('NAVAID');
    expect((ws[0] as Waypoint).name).toMatch(/SAN JOSE/);
    expect((ws[5] as Waypoint).elevation).toBeGreaterThan(0);
  });
});

describe('route string tokens on the KHWD CIFP', () => {
  it('parseRoute expands TRANSITION.STAR and TRANSITION.STAR.RUNWAY tokens', () => {
    const r = parseRoute('KSFO GMN.PXN6 KHWD', DEFAULT_PROFILE, db, { now: 0 });
    const star = r.waypoints.find((w) => w.type === 'STAR');
    expect([star?.code, star?.name, star?.fixed]).toEqual(['GMN.PXN6', 'PXN SIX', true]);
    expect(codes(star?.expanded_waypoints ?? [])).toEqual(['GMN', 'SRENA', 'PXN', 'KARNN', 'BORED', 'BUSHY', 'SUNOL']);
    expect(r.final_string).toBe('KSFO GMN.PXN6 KHWD');
    expect(codes(procedureTokenWaypoint(db, 'KHWD', 'RUSME.SHARR1', 'STAR')?.expanded_waypoints ?? [])).toEqual(['RUSME', 'BIFFY', 'WRAPS', 'MAMIE', 'SHARR', 'LOCKE', 'CATTY']);
    expect(procedureTokenWaypoint(db, 'KHWD', 'RUSME.SHARR1.RW10R', 'STAR')).toBeNull();
    expect(procedureTokenWaypoint(db, 'KHWD', 'NOTRANSITION.SHARR1', 'STAR')?.expanded_waypoints.length).toBe(3);
  });
});

describe('every KHWD selection', () => {
  it('gives located fixes, no consecutive repeats and no missed approach fix', () => {
    let selections = 0;
    for (const { nfd } of [...getStars(db, 'KHWD'), ...getProcedures(db, 'KHWD')]) {
      const flag = getStars(db, 'KHWD').some((s) => s.nfd === nfd) ? 'PE' : 'PF';
      const firsts = flag === 'PE' ? getLevel1Transitions(db, 'KHWD', nfd, 'PE') : getProcTransitions(db, 'KHWD', nfd, 'PF');
      for (const t of firsts) {
        const ws = getFinalWaypoints(db, 'KHWD', nfd, [t, 'NOTRANSITION'], flag);
        selections++;
        expect(ws.length, `${nfd} ${t}`).toBeGreaterThan(1);
        ws.forEach((w, i) => {
          expect(Number.isFinite(w.location.lat) && Number.isFinite(w.location.lon)).toBe(true);
          if (i > 0) expect(w.code).not.toBe(ws[i - 1]?.code);
        });
        expect(codes(ws)).not.toContain('OAK');
      }
    }
    expect(selections).toBe(5 + 2 + 4 + 2);
  });
});

describe('a route with a STAR and an approach through the navlog', () => {
  it('flies every fix once, legs along all_waypoints with no errors', () => {
    const P = DEFAULT_PROFILE;
    const now = { now: Date.UTC(2026, 10, 21, 12) };
    let r = parseRoute('KSFO KHWD', P, db, now);
    r = setStar(r, 'GMN.PXN6', getFinalWaypoints(db, 'KHWD', 'PXN6', ['GMN', 'NOTRANSITION'], 'PE'), 'KHWD', P, db, now);
    r = selectAproach(r, 'KHWD', 'R28L', 'SUNOL', 'PF', P, db, now);
    expect(r.final_string).toBe('KSFO GMN.PXN6 KHWD');
    const codesFlown = codes(r.all_waypoints);
    expect(codesFlown.filter((c) => c === 'SUNOL')).toHaveLength(1);
    expect(codesFlown.slice(-3)).toEqual(['HUZBY', 'RW28L', 'KHWD']);
    const planned = runFlightPlan(r, P, { now: now.now, variationAt: null });
    expect(planned.all_legs).toHaveLength(r.all_waypoints.length - 1);
    expect(planned.all_legs.some((l) => l.has_errors)).toBe(false);
    expect(planned.total_distance).toBeGreaterThan(200);
  });
});

// A hand-made departure: two runway transitions, a common route, two enroute transitions.
function leg(fixId: string | null, pathTerminator: string, lat: number | null, lon: number | null, alt: [string, number] | null = null): ProcedureLeg {
  return {
    fixId, fixKind: fixId === null ? null : 'fix', latDeg: lat, lonDeg: lon, pathTerminator, turnDirection: null,
    altitudeDescription: alt ? alt[0] : null, altitude1Ft: alt ? alt[1] : null, altitude2Ft: null, speedLimitKt: null,
    speedDescription: null, courseDeg: null, distanceNm: null, recommendedNavaid: null, descriptionCode: 'E   ',
  };
}

function departureDataSet(): NavDataSet {
  const src = { source: 'faa-cifp' as const, file: 'hand', line: 1 };
  const sids: Procedure[] = [
    {
      airportId: 'HWD', kind: 'SID', id: 'TEST2', source: src,
      transitions: [
        { id: 'RW28L', routeType: '4', legs: [leg(null, 'VA', null, null, ['+', 600]), leg('AAA', 'DF', 37.6, -122.2)] },
        { id: 'RW10R', routeType: '4', legs: [leg(null, 'CA', null, null, ['+', 1000]), leg('BBB', 'DF', 37.7, -122.0), leg('AAA', 'TF', 37.6, -122.2)] },
        { id: 'ALL', routeType: '5', legs: [leg('AAA', 'IF', 37.6, -122.2), leg('CCC', 'TF', 37.5, -122.0, ['B', 5000])] },
        { id: 'SJC', routeType: '6', legs: [leg('CCC', 'IF', 37.5, -122.0), leg('SJC', 'TF', 37.37, -121.94)] },
        { id: 'OAK', routeType: '6', legs: [leg('CCC', 'IF', 37.5, -122.0), leg('OAK', 'TF', 37.72, -122.22)] },
      ],
    },
    {
      airportId: 'HWD', kind: 'SID', id: 'ONLY1', source: src,
      transitions: [
        { id: 'RW28L', routeType: '2', legs: [leg(null, 'VA', null, null, ['+', 600]), leg('AAA', 'DF', 37.6, -122.2)] },
        { id: 'AAA', routeType: '3', legs: [leg('AAA', 'IF', 37.6, -122.2), leg('DDD', 'TF', 37.4, -122.3)] },
      ],
    },
  ];
  return {
    header: {
      formatVersion: 1, cycle: '2511', region: 'us', effective: '2025-10-30', expires: '2025-11-27', sources: [], builtAt: '2026-11-21T12:00:00Z',
      counts: { airports: 1, runways: 0, navaids: 0, fixes: 0, airways: 0, procedures: sids.length },
    },
    airports: [{
      id: 'HWD', faaId: 'HWD', icaoId: 'KHWD', name: 'HAYWARD EXECUTIVE', city: 'HAYWARD', state: 'CA', country: 'US', latDeg: 37.659, lonDeg: -122.122,
      elevationFt: 52, type: 'airport', publicUse: true, towered: true, fuel: true, fuelTypes: null, longestRunwayFt: null, longestRunwaySurface: null,
      magVarDeg: 14, runways: [], frequencies: [], source: src,
    }],
    navaids: [], fixes: [], airways: [], procedures: sids,
  };
}

describe('departure procedures (hand-made data set)', () => {
  const dpDb = openNavDb(encodeNavDb(departureDataSet()));

  it('lists DPs and their cascade levels', () => {
    expect(getDPs(dpDb, 'KHWD')).toEqual([{ nfd: 'TEST2', name: 'TEST TWO' }, { nfd: 'ONLY1', name: 'ONLY ONE' }]);
    expect(getLevel1Transitions(dpDb, 'KHWD', 'TEST2', 'PD')).toEqual(['RW28L', 'RW10R']);
    expect(getStarLevel2Transitions(dpDb, 'KHWD', 'TEST2', 'PD')).toEqual(['SJC', 'OAK']);
    expect(getProcTransitions(dpDb, 'HWD', 'TEST2', 'PD')).toEqual(['RW28L', 'RW10R', 'SJC', 'OAK']);
  });

  it('final fixes: runway transition, common route, enroute transition; VA climb carried to the next fix', () => {
    const ws = getFinalWaypoints(dpDb, 'HWD', 'TEST2', ['RW10R', 'OAK'], 'PD');
    expect(codes(ws)).toEqual(['BBB', 'AAA', 'CCC', 'OAK']);
    expect([ws[0]?.alt1, ws[0]?.alt_type]).toEqual([1000, '+']);
    expect([ws[2]?.alt1, ws[2]?.alt2, ws[2]?.alt_type]).toEqual([5000, -9999, '+']);
  });

  it('a common route coded for one runway is that runway transition, auto-selected', () => {
    const level1 = getLevel1Transitions(dpDb, 'HWD', 'ONLY1', 'PD');
    expect(level1).toEqual(['RW28L']);
    const level2 = getStarLevel2Transitions(dpDb, 'HWD', 'ONLY1', 'PD');
    expect(level2).toEqual(['AAA']);
    const fixes = getFinalWaypoints(dpDb, 'HWD', 'ONLY1', [autoSelect(level1) as string, autoSelect(level2) as string], 'PD');
    expect(codes(fixes)).toEqual(['AAA', 'DDD']);
    expect(fixes[0]?.alt1).toBe(600);
  });
});

describe('leg details', () => {
  it('maps ARINC altitude descriptions onto the model kinds', () => {
    const c = (d: string | null, a1: number | null, a2: number | null) =>
      legConstraint({ ...leg('X', 'TF', 1, 1), altitudeDescription: d, altitude1Ft: a1, altitude2Ft: a2 });
    expect(c('+', 3000, null)).toEqual({ alt1: 3000, alt2: -9999, alt_type: '+' });
    expect(c(' ', 3000, null)).toEqual({ alt1: 3000, alt2: -9999, alt_type: '@' });
    expect(c('B', 9000, 7000)).toEqual({ alt1: 7000, alt2: 9000, alt_type: '+' });
    expect(c('-', 9000, null)).toEqual({ alt1: -9999, alt2: 9000, alt_type: '' });
    expect(c('V', 2120, 2126)).toEqual({ alt1: 2120, alt2: 2126, alt_type: 'V' });
    expect(c(null, null, null)).toEqual({ alt1: -9999, alt2: -9999, alt_type: '' });
  });

  it('drops legs without coordinates and missed approach legs', () => {
    const missed = { ...leg('MAP2', 'TF', 2, 2), missedApproach: true };
    expect(codes(legsToWaypoints([leg('A', 'IF', 1, 1), leg('LOST', 'TF', null, null), leg('B', 'TF', 1.5, 1.5), missed]))).toEqual(['A', 'B']);
  });

  it('names procedures', () => {
    expect(procedureName({ id: 'R28LY', kind: 'APPROACH' })).toBe('RNAV (GPS) Y RWY 28L');
    expect(procedureName({ id: 'I28L', kind: 'APPROACH' })).toBe('ILS RWY 28L');
    expect(procedureName({ id: 'Q-1', kind: 'APPROACH' })).toBe('Q-1');
    expect(procedureName({ id: 'HWD3', kind: 'SID' })).toBe('HWD THREE');
  });
});
