import { encodeNavDb, openNavDb, sampleNavDataSet } from '@clearway/navdb';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, type Route, type Waypoint } from '../model.js';
import { expandDp, expandStar, procedureTokenWaypoint } from './expand.js';
import { procedureWaypoint } from './legs.js';
import {
  flattenWaypoints,
  parseDpSelection,
  parseStarSelection,
  removeAproach,
  removeDP,
  removeStar,
  routeText,
  selectAproach,
  setDP,
  setStar,
} from './routeEdits.js';

const db = openNavDb(encodeNavDb(sampleNavDataSet()));

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
    const once = setDP(original, 'HWD3.SJC.RW28L', fixes, original.origin, DEFAULT_PROFILE);
    const twice = setDP(once, 'HWD3.OAK.RW28L', fixes, 'KSFO');
    expect(codes(twice.waypoints)).toEqual(['KSFO', 'HWD3.OAK', 'SUNOL', 'KHWD']);
    const dp = twice.waypoints[1] as Waypoint;
    expect([dp.type, dp.fixed, codes(dp.expanded_waypoints), dp.expanded_waypoints.every((w) => w.fixed)]).toEqual(['DP', true, ['AAA', 'CCC'], true]);
    expect(twice.final_string).toBe('KSFO HWD3.OAK SUNOL KHWD');
    expect(codes(twice.all_waypoints)).toEqual(['KSFO', 'AAA', 'CCC', 'SUNOL', 'KHWD']);
    expect(twice.origin).toBe(twice.waypoints[0]);
    expect(twice.destination).toBe(twice.waypoints[3]);
    // Pure: the input route is untouched.
    expect(codes(original.waypoints)).toEqual(['KSFO', 'SUNOL', 'KHWD']);
    expect(removeDP(twice).final_string).toBe('KSFO SUNOL KHWD');
  });

  it('setStar puts a fixed STAR before the destination, coded TRANSITION.STAR', () => {
    const r = setStar(route(), 'AVE.PXN6', [point('AVE', 'NAVAID', 35.6, -119.9), point('SUNOL', 'FIX', 37.6, -121.81)], 'KHWD');
    expect(r.final_string).toBe('KSFO SUNOL AVE.PXN6 KHWD');
    expect(codes(r.all_waypoints)).toEqual(['KSFO', 'SUNOL', 'AVE', 'SUNOL', 'KHWD']);
    const plain = setStar(r, 'NOTRANSITION.PXN6', [point('PXN', 'NAVAID', 36.7, -120.8)], null);
    expect(plain.final_string).toBe('KSFO SUNOL PXN6 KHWD');
    expect(removeStar(plain).final_string).toBe('KSFO SUNOL KHWD');
  });

  it('selectAproach marks the destination with the approach, flown before the airport; removeAproach clears it', () => {
    const r = selectAproach(db, route(), 'KHWD', 'I28L', 'VTF', 'PF', DEFAULT_PROFILE);
    const dest = r.destination as Waypoint;
    expect([dest.code, dest.has_approach, dest.fixed]).toEqual(['KHWD', true, true]);
    expect(dest.appch).toEqual({ airport: 'KHWD', procedure: 'I28L', transitions: ['VTF'] });
    expect(codes(dest.expanded_waypoints)).toEqual(['ARCHI', 'HWD']);
    expect(codes(r.all_waypoints)).toEqual(['KSFO', 'SUNOL', 'ARCHI', 'HWD', 'KHWD']);
    const cleared = removeAproach(r);
    expect([cleared.destination?.has_approach, cleared.destination?.appch, cleared.destination?.expanded_waypoints]).toEqual([false, null, []]);
    expect(codes(cleared.all_waypoints)).toEqual(['KSFO', 'SUNOL', 'KHWD']);
  });

  it('an unknown approach leaves the route as it was', () => {
    const r = selectAproach(db, route(), 'KHWD', 'NOPE', 'VTF');
    expect(r.destination?.has_approach).toBe(false);
  });

  it('routeText writes a known altitude after a dot', () => {
    const w = { ...point('SUNOL', 'FIX', 37.6, -121.81), alt1: 4000, alt_type: '@' as const };
    expect(routeText([point('KSFO', 'AIRPORT', 0, 0), w])).toBe('KSFO SUNOL.4000');
    expect(codes(flattenWaypoints([]))).toEqual([]);
  });
});

describe('route string tokens', () => {
  it('expands a DP token with its single runway transition and a bare STAR-less token to nothing', () => {
    expect(codes(expandDp(db, 'KHWD', 'HWD3', null))).toEqual(['DUMBA']);
    expect(expandStar(db, 'KHWD', 'NOPE1', 'X')).toEqual([]);
    const dp = procedureTokenWaypoint(db, 'HWD', 'hwd3', 'DP');
    expect([dp?.code, dp?.type, dp?.fixed, codes(dp?.expanded_waypoints ?? [])]).toEqual(['HWD3', 'DP', true, ['DUMBA']]);
    expect(procedureTokenWaypoint(db, 'HWD', 'AVE.NOPE1', 'STAR')).toBeNull();
  });
});
