// runFlightPlan on routes from the real parser (parse/), over its small test nav database.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE } from '../model.js';
import { parseRoute } from '../parse/parseRoute.js';
import { testNavDb } from '../testing/testNavData.js';
import { runFlightPlan } from './flightPlan.js';

const db = testNavDb();
const now = 1_700_000_000_000;
const plan = (text: string) => runFlightPlan(parseRoute(text, DEFAULT_PROFILE, db, { now }), DEFAULT_PROFILE, { now });

describe('runFlightPlan on parsed routes', () => {
  it('an airway gives one top-level leg summing its expanded legs', () => {
    const r = plan('AAA V901 DDD');
    expect(r.all_legs.length).toBe(r.all_waypoints.length - 1);
    expect(r.legs.map((l) => `${l.start.code}-${l.end.code}`)).toEqual(['AAA-V901', 'V901-DDD']);
    expect(r.legs.some((l) => l.has_errors)).toBe(false);
    const sum = r.legs.reduce((s, l) => s + l.distance, 0);
    expect(sum).toBeCloseTo(r.total_distance, 6);
    // 2° of longitude at 37° N on the spec sphere: about 95.9 nm.
    expect(r.total_distance).toBeCloseTo(95.9, 0);
    expect(r.legs[r.legs.length - 1]?.cum_time).toBeCloseTo(r.total_min, 9);
  });

  it('plans at the altitude written in the route', () => {
    const r = plan('AAA DDD.8500');
    expect(r.altitude).toBe(8500);
    expect(r.cruise_altitude_flown).toBe(8500);
  });

  it('without one, plans at the profile altitude even if it changed after parsing', () => {
    const parsed = parseRoute('AAA DDD', DEFAULT_PROFILE, db, { now });
    const r = runFlightPlan(parsed, { ...DEFAULT_PROFILE, altitude: 4500 }, { now });
    expect(r.altitude).toBe(4500);
  });

  it('a route with an unknown token still plans the rest', () => {
    const r = plan('AAA ZZZZZ DDD');
    expect(r.invalid_tokens).toEqual(['ZZZZZ']);
    // AAA to DDD is 2° of longitude along 37° N: 95.9 nm on the spec sphere, planned and timed.
    const planned = r.all_legs.filter((l) => !l.has_errors);
    expect(planned.map((l) => `${l.start.code}-${l.end.code}`)).toEqual(['AAA-DDD']);
    expect(planned[0]?.distance).toBeCloseTo(95.9, 0);
    expect(planned[0]?.time).toBeGreaterThan(0);
    expect(r.total_min).toBeCloseTo(planned[0]?.time ?? NaN, 9);
  });
});

describe('airways with and without points between entry and exit', () => {
  it('an airway with no intermediate points gives a zero-length leg without errors', () => {
    const r = plan('AAA V901 DDD J901 EEE');
    expect(r.all_waypoints.map((w) => w.code)).toEqual(['AAA', 'BBB', 'CCC', 'DDD', 'EEE']);
    expect(r.legs.map((l) => `${l.start.code}-${l.end.code}`)).toEqual(['AAA-V901', 'V901-DDD', 'DDD-J901', 'J901-EEE']);
    expect(r.legs.map((l) => l.has_errors)).toEqual([false, false, false, false]);
    expect(r.legs[2]?.distance).toBe(0);
    expect(r.legs.reduce((s, l) => s + l.distance, 0)).toBeCloseTo(r.total_distance, 6);
  });
});

describe('VOR radials on airway legs', () => {
  // AAA is a VOR with a published variation of 15° E; BBB lies 0.5° of longitude east on 37° N, so
  // the initial true course is 90 − 0.25·sin 37° = 89.85° and the radial round(89.85 − 15) = 075.
  it('an airway leg out of a VOR carries the radial from the published variation', () => {
    const r = plan('AAA V901 DDD');
    expect(r.all_legs.map((l) => l.radial)).toEqual([75, undefined, undefined]);
    expect(r.all_legs[0]?.true_course).toBeCloseTo(89.85, 2);
    // The top-level leg AAA-V901 starts with that leg, so it carries the radial too.
    expect(r.legs.map((l) => l.radial)).toEqual([75, undefined]);
    // The course is today's model variation, not the published one: not the radial.
    expect(Math.abs((r.all_legs[0]?.course ?? NaN) - 75)).toBeGreaterThan(0.5);
  });

  it('an airway with no points between entry and exit still is an airway leg (DDD J901 EEE, DDD a VORTAC)', () => {
    expect(plan('DDD J901 EEE').all_legs.map((l) => l.radial)).toEqual([75]);
  });

  it('a direct leg from a VOR has no radial', () => {
    expect(plan('AAA DDD').all_legs.map((l) => l.radial)).toEqual([undefined]);
  });
});
