import { describe, expect, it } from 'vitest';
import { makeWaypoint, type Route } from '@clearway/flightplan';
import type { WaypointMatch } from '@clearway/navdb';
import {
  bearingDeg,
  dpSelection,
  hasApproach,
  hasDp,
  hasStar,
  insertEdit,
  isSearchable,
  pickerLabel,
  procFlagOf,
  referenceWaypoint,
  searchCode,
  searchHint,
  starSelection,
  vnavError,
} from './editHelpers';
import { isEditTarget, NO_EDIT } from './editState';

const HWD = makeWaypoint('KHWD', 'AIRPORT', 37.6589, -122.1217, { name: 'HAYWARD EXECUTIVE' });
const SUNOL = makeWaypoint('SUNOL', 'FIX', 37.6, -121.9);
const OAK = makeWaypoint('KOAK', 'AIRPORT', 37.7213, -122.2208);
const route = { waypoints: [HWD, SUNOL, OAK] } as Route;

const match = (code: string, latDeg: number, lonDeg: number, name = code): WaypointMatch =>
  ({ code, kind: 'FIX', name, latDeg, lonDeg, elevationFt: null, magVarDeg: null, ambiguous: false, candidates: 1 }) as WaypointMatch;

describe('picker labels and selection strings', () => {
  it("shows 'NOTRANSITION' as 'No Transition' and 'VTF' as 'Vectors To Final', others as they are", () => {
    expect(pickerLabel('NOTRANSITION')).toBe('No Transition');
    expect(pickerLabel('VTF')).toBe('Vectors To Final');
    expect(pickerLabel('RW28L')).toBe('RW28L');
  });

  it('maps the sub-modes to the procedure flags', () => {
    expect(procFlagOf('dp')).toBe('PD');
    expect(procFlagOf('star')).toBe('PE');
    expect(procFlagOf('approach')).toBe('PF');
  });

  it("builds setDP's 'dp[.transition2].transition1'", () => {
    expect(dpSelection('HWD3', 'RW28L', 'SUNOL')).toBe('HWD3.SUNOL.RW28L');
    expect(dpSelection('HWD3', 'RW28L', 'NOTRANSITION')).toBe('HWD3.RW28L');
    expect(dpSelection('HWD3', 'RW28L', null)).toBe('HWD3.RW28L');
  });

  it("builds setStar's 'transition1.star[.transition2]'", () => {
    expect(starSelection('SHARR1', 'MRLET', 'RW28L')).toBe('MRLET.SHARR1.RW28L');
    expect(starSelection('SHARR1', 'MRLET', 'NOTRANSITION')).toBe('MRLET.SHARR1');
  });
});

describe('VNAV weak check', () => {
  it("accepts empty text or anything with a word character, else 'Invalid Number'", () => {
    expect(vnavError('')).toBeNull();
    expect(vnavError('5000')).toBeNull();
    expect(vnavError('@5000')).toBeNull();
    expect(vnavError('abc')).toBeNull();
    expect(vnavError('-.+')).toBe('Invalid Number');
    expect(vnavError(' ')).toBe('Invalid Number');
  });
});

describe('waypoint search', () => {
  it('uppercases and searches from 2 characters', () => {
    expect(searchCode(' sunol ')).toBe('SUNOL');
    expect(isSearchable(searchCode('s'))).toBe(false);
    expect(isSearchable(searchCode('su'))).toBe(true);
  });

  it("says '{CODE} not found' when nothing was found", () => {
    expect(searchHint('ZZZZZ', null, HWD, 'nm')).toBe('ZZZZZ not found');
  });

  it("says 'Found! ...' with distance and bearing from the reference waypoint", () => {
    // SUNOL from KHWD: about 11 nm, a little south of east (true course ~108°, no variation known).
    const hint = searchHint('SUNOL', match('SUNOL', 37.6, -121.9), HWD, 'nm');
    expect(hint).toMatch(/^Found! SUNOL, 11 nm 1\d\d° from KHWD$/);
    expect(bearingDeg(HWD, 37.6, -121.9)).toBeGreaterThan(100);
    expect(bearingDeg(HWD, 37.6, -121.9)).toBeLessThan(115);
    expect(searchHint('SUNOL', match('SUNOL', 37.6, -121.9), HWD, 'km')).toMatch(/^Found! SUNOL, 2\d km /);
    expect(searchHint('OAK', match('OAK', 37.7259, -122.2236, 'OAKLAND'), null, 'nm')).toBe('Found! OAK OAKLAND');
  });

  it('uses the magnetic bearing when the reference has a variation (east positive)', () => {
    const withVar = { ...HWD, variation: 13 };
    const t = bearingDeg(HWD, 37.6, -121.9);
    expect(bearingDeg(withVar, 37.6, -121.9)).toBe(t - 13);
    // Due north true with 0 variation reads 360, not 0.
    expect(bearingDeg(HWD, 38.6589, -122.1217)).toBe(360);
  });

  it('measures from edit_code, the first waypoint (start) or the last (end)', () => {
    expect(referenceWaypoint(route, { edit_mode: 'insert', edit_code: 'SUNOL', insert_at: 'after' })?.code).toBe('SUNOL');
    expect(referenceWaypoint(route, { edit_mode: 'insert', edit_code: 'KHWD', insert_at: 'start' })?.code).toBe('KHWD');
    expect(referenceWaypoint(route, { edit_mode: 'insert', edit_code: 'KOAK', insert_at: 'end' })?.code).toBe('KOAK');
    expect(referenceWaypoint(route, NO_EDIT)).toBeNull();
  });
});

describe('insert edits', () => {
  const found = match('OAK', 37.7259, -122.2236, 'OAKLAND');
  it('adds after, before, at the start or at the end by the insert position', () => {
    const after = insertEdit({ edit_mode: 'insert', edit_code: 'SUNOL', insert_at: 'after' }, found);
    expect(after).toMatchObject({ op: 'addWaypoint2', reference: 'SUNOL', waypoint: { code: 'OAK', name: 'OAKLAND', location: { lat: 37.7259, lon: -122.2236 } } });
    expect(insertEdit({ edit_mode: 'insert_before', edit_code: 'SUNOL', insert_at: 'before' }, found)).toMatchObject({ op: 'addWaypoint1', reference: 'SUNOL' });
    expect(insertEdit({ edit_mode: 'insert', edit_code: 'KHWD', insert_at: 'start' }, found)).toMatchObject({ op: 'addWaypointBeginning' });
    expect(insertEdit({ edit_mode: 'insert', edit_code: 'KOAK', insert_at: 'end' }, found)).toMatchObject({ op: 'addWaypointEnd' });
    expect(insertEdit(NO_EDIT, found)).toBeNull();
  });
});

describe('a repeated code: the exact waypoint of the edit state', () => {
  // KHWD SUNOL KHWD: the second KHWD is waypoint 2.
  const first = { ...HWD, original_index: 0 };
  const last = { ...HWD, original_index: 2 };
  const loop = { waypoints: [first, { ...SUNOL, original_index: 1 }, last] } as Route;
  const found = match('OAK', 37.7259, -122.2236, 'OAKLAND');

  it('inserts next to and measures from the chosen waypoint; by code alone, the first', () => {
    const chosen = { edit_mode: 'insert' as const, edit_code: 'KHWD', insert_at: 'after' as const, edit_waypoint: last };
    expect(referenceWaypoint(loop, chosen)).toBe(last);
    expect(referenceWaypoint(loop, { ...chosen, edit_waypoint: null })).toBe(first);
    expect(insertEdit(chosen, found)).toMatchObject({ op: 'addWaypoint2', reference: { code: 'KHWD', original_index: 2 } });
    expect(insertEdit({ ...chosen, edit_mode: 'insert_before', insert_at: 'before' }, found)).toMatchObject({ op: 'addWaypoint1', reference: { original_index: 2 } });
    expect(insertEdit({ ...chosen, edit_waypoint: null }, found)).toMatchObject({ op: 'addWaypoint2', reference: 'KHWD' });
  });

  it('tells which row the edit state names', () => {
    const state = { edit_mode: 'vnav' as const, edit_code: 'KHWD', insert_at: null, edit_waypoint: last };
    expect(isEditTarget(state, 'KHWD', last)).toBe(true);
    expect(isEditTarget(state, 'KHWD', first)).toBe(false);
    expect(isEditTarget(state, 'SUNOL', loop.waypoints[1]!)).toBe(false);
    // Without a known place, the code decides.
    expect(isEditTarget({ ...state, edit_waypoint: null }, 'KHWD', first)).toBe(true);
  });
});

describe('procedures present', () => {
  it('finds a DP, a STAR and an approach in the route', () => {
    expect([hasDp(route), hasStar(route), hasApproach(route)]).toEqual([false, false, false]);
    const dp = makeWaypoint('HWD3', 'DP', 37.6, -121.9);
    const star = makeWaypoint('SHARR1', 'STAR', 37.6, -121.9);
    const withAll = { waypoints: [HWD, dp, star, { ...OAK, has_approach: true }] } as Route;
    expect([hasDp(withAll), hasStar(withAll), hasApproach(withAll)]).toEqual([true, true, true]);
  });
});
