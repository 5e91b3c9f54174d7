import { encodeNavDb, openNavDb } from '@clearway/navdb';
import { sampleNavDataSet } from '@clearway/navdb/testing';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, type Route, type Waypoint } from '../model.js';
import { parseRoute } from '../parse/parseRoute.js';
import { expandDp, expandStar, procedureTokenWaypoint } from './expand.js';
import { procedureWaypoint } from './legs.js';
import {
  parseDpSelection,
  parseStarSelection,
  removeAproach,
  removeDP,
  removeStar,
  selectAproach,
  setDP,
  setStar,
  withApproachFixes,
} from './routeEdits.js';

const db = openNavDb(encodeNavDb(sampleNavDataSet()));
const P = DEFAULT_PROFILE;
const NOW = { now: 1_700_000_000_000 };

const point = (code: string, type: Waypoint['type'], lat: number, lon: number): Waypoint => ({ ...procedureWaypoint(code, type, lat, lon), fixed: false });

function route(): Route {
  const waypoints = [point('KSFO', 'AIRPORT', 37.62, -122.38), point('SUNOL', 'FIX', 37.6, -121.81), point('KHWD', 'AIRPORT', 37.66, -122.12)];
  return {
    ts: 1, search_string: 'KSFO SUNOL KHWD', final_string: 'KSFO SUNOL KHWD', total_distance: 0, total_min: 0, avg_gs: 0, altitude: 6000,
    waypoints, all_waypoints: waypoints, legs: [], all_legs: [], origin: waypoints[0] ?? null, destination: waypoints[2] ?? null,
    invalid_tokens: [], airway_errors: [], vnav_errors: [], total_fuel: 0, avg_temp: 9999, unknown_temp: false,
  };
}

const codes = (ws: readonly Waypoint[]): string[] => ws.map((w) => w.code);
const fixes = [point('AAA', 'FIX', 37.6, -122.2), point('CCC', 'FIX', 37.5, -122.0)];

describe('selection strings', () => {
  it('reads DP selections dp[.transition2].transition1', () => {
    expect(parseDpSelection('HWD3.SJC.RW28L')).toEqual({ dp: 'HWD3', enroute: 'SJC', runway: 'RW28L' });
    expect(parseDpSelection('hwd3.RW28L')).toEqual({ dp: 'HWD3', runway: 'RW28L', enroute: null });
    expect(parseDpSelection('HWD3.SJC')).toEqual({ dp: 'HWD3', runway: null, enroute: 'SJC' });
    expect(parseDpSelection('HWD3.NOTRANSITION.RW28L')).toEqual({ dp: 'HWD3', enroute: null, runway: 'RW28L' });
  });

  it('reads STAR selections transition1.star[.transition2]', () => {
    expect(parseStarSelection('AVE.PXN6')).toEqual({ star: 'PXN6', enroute: 'AVE', runway: null });
    expect(parseStarSelection('NOTRANSITION.SHARR1.RW28L')).toEqual({ star: 'SHARR1', enroute: null, runway: 'RW28L' });
    expect(parseStarSelection('PXN6')).toEqual({ star: 'PXN6', enroute: null, runway: null });
  });
});

describe('procedure route edits', () => {
  it('setDP puts a fixed DP after the origin, replacing an earlier one, and rebuilds the text', () => {
    const original = route();
    const once = setDP(original, 'HWD3.SJC.RW28L', fixes, original.origin, P, db, NOW);
    const twice = setDP(once, 'HWD3.OAK.RW28L', fixes, 'KSFO', P, db, NOW);
    expect(codes(twice.waypoints)).toEqual(['KSFO', 'HWD3.OAK', 'SUNOL', 'KHWD']);
    const dp = twice.waypoints[1] as Waypoint;
    expect([dp.type, dp.fixed, codes(dp.expanded_waypoints), dp.expanded_waypoints.every((w) => w.fixed)]).toEqual(['DP', true, ['AAA', 'CCC'], true]);
    expect(twice.final_string).toBe('KSFO HWD3.OAK SUNOL KHWD');
    expect(twice.ts).toBe(NOW.now);
    expect(codes(twice.all_waypoints)).toEqual(['KSFO', 'AAA', 'CCC', 'SUNOL', 'KHWD']);
    expect([twice.origin?.code, twice.destination?.code]).toEqual(['KSFO', 'KHWD']);
    // Pure: the input route is untouched.
    expect(codes(original.waypoints)).toEqual(['KSFO', 'SUNOL', 'KHWD']);
    expect(removeDP(twice, P, db, NOW).final_string).toBe('KSFO SUNOL KHWD');
  });

  it('setStar puts a fixed STAR before the destination, coded TRANSITION.STAR', () => {
    const r = setStar(route(), 'AVE.PXN6', [point('AVE', 'NAVAID', 35.6, -119.9), point('SUNOL', 'FIX', 37.6, -121.81)], 'KHWD', P, db, NOW);
    expect(r.final_string).toBe('KSFO SUNOL AVE.PXN6 KHWD');
    expect(codes(r.all_waypoints)).toEqual(['KSFO', 'SUNOL', 'AVE', 'SUNOL', 'KHWD']);
    const plain = setStar(r, 'NOTRANSITION.PXN6', [point('PXN', 'NAVAID', 36.7, -120.8)], null, P, db, NOW);
    expect(plain.final_string).toBe('KSFO SUNOL PXN6 KHWD');
    expect(removeStar(plain, P, db, NOW).final_string).toBe('KSFO SUNOL KHWD');
  });

  it('keeps the cruise altitude suffix of the route', () => {
    const r = setStar({ ...route(), altitude: 8500 }, 'PXN6', fixes, 'KHWD', P, db, NOW);
    expect(r.final_string).toBe('KSFO SUNOL PXN6 KHWD.8500');
  });

  it('selectAproach marks the destination with the approach, flown before the airport; removeAproach clears it', () => {
    const r = selectAproach(route(), 'KHWD', 'I28L', 'VTF', 'PF', P, db, NOW);
    const dest = r.waypoints[2] as Waypoint;
    expect([dest.code, dest.has_approach, dest.fixed, r.destination?.has_approach]).toEqual(['KHWD', true, true, true]);
    expect(dest.appch).toEqual({ airport: 'KHWD', procedure: 'I28L', transitions: ['VTF'] });
    expect(codes(dest.expanded_waypoints)).toEqual(['ARCHI', 'HWD']);
    expect(codes(r.all_waypoints)).toEqual(['KSFO', 'SUNOL', 'ARCHI', 'HWD', 'KHWD']);
    expect(r.final_string).toBe('KSFO SUNOL KHWD');
    const cleared = removeAproach(r, P, db, NOW);
    const d = cleared.waypoints[2] as Waypoint;
    expect([d.has_approach, d.appch, d.expanded_waypoints]).toEqual([false, null, []]);
    expect(codes(cleared.all_waypoints)).toEqual(['KSFO', 'SUNOL', 'KHWD']);
  });

  it('an unknown approach leaves the route as it was', () => {
    const r = selectAproach(route(), 'KHWD', 'NOPE', 'VTF', 'PF', P, db, NOW);
    expect(r.waypoints[2]?.has_approach).toBe(false);
  });

  it('merges the join of a STAR and the approach in all_waypoints', () => {
    const dest = { ...point('KHWD', 'AIRPORT', 37.66, -122.12), has_approach: true, expanded_waypoints: [point('SUNOL', 'FIX', 37.6, -121.81), point('RW28L', 'RUNWAY', 37.65, -122.11)] };
    expect(codes(withApproachFixes([point('SUNOL', 'FIX', 37.6, -121.81), dest]))).toEqual(['SUNOL', 'RW28L', 'KHWD']);
  });
});

describe('route string tokens', () => {
  it('expands a DP token with its single runway transition; unknown procedures give nothing', () => {
    expect(codes(expandDp(db, 'KHWD', 'HWD3', null))).toEqual(['DUMBA']);
    expect(expandStar(db, 'KHWD', 'NOPE1', 'X')).toEqual([]);
    const dp = procedureTokenWaypoint(db, 'HWD', 'hwd3', 'DP');
    expect([dp?.code, dp?.type, dp?.fixed, codes(dp?.expanded_waypoints ?? [])]).toEqual(['HWD3', 'DP', true, ['DUMBA']]);
    expect(procedureTokenWaypoint(db, 'HWD', 'AVE.NOPE1', 'STAR')).toBeNull();
  });

  it('a token naming a transition the procedure lacks is not expanded', () => {
    expect(procedureTokenWaypoint(db, 'KHWD', 'HWD3.XYZ', 'DP')).toBeNull();
    expect(parseRoute('KHWD HWD3.XYZ KSFO', P, db, { now: 0 }).invalid_tokens).toEqual(['HWD3.XYZ']);
  });
});
