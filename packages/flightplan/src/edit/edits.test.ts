import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, DIRECT_TO_CODE, type Route } from '../model.js';
import { parseRoute } from '../parse/parseRoute.js';
import { testNavDb } from '../parse/testNavData.js';
import { directTo } from './directTo.js';
import {
  addWaypoint1, addWaypoint2, addWaypointBeginning, addWaypointEnd, moveDown, moveUp, removeAirway, removeWaypoint, reverseRoute, setAltitude1,
} from './edits.js';

const db = testNavDb();
const p = DEFAULT_PROFILE;
const o = { now: 42 };
const parse = (text: string) => parseRoute(text, p, db, { now: 1 });
const codes = (r: Route) => r.waypoints.map((w) => w.code).join(' ');
const all = (r: Route) => r.all_waypoints.map((w) => w.code).join(' ');

/** Deep-freezes a route so any mutation by an edit throws. */
function frozen(r: Route): Route {
  const freeze = (x: unknown): void => {
    if (x && typeof x === 'object' && !Object.isFrozen(x)) {
      Object.freeze(x);
      for (const v of Object.values(x)) freeze(v);
    }
  };
  freeze(r);
  return r;
}

describe('route edits', () => {
  const base = () => frozen(parse('KSFO OAK KHWD'));

  it('adds at the beginning, the end, before and after a reference', () => {
    expect(codes(addWaypointBeginning(base(), 'AAA', p, db, o))).toBe('AAA KSFO OAK KHWD');
    expect(codes(addWaypointEnd(base(), 'DDD', p, db, o))).toBe('KSFO OAK KHWD DDD');
    expect(codes(addWaypoint1(base(), 'AAA', 'OAK', p, db, o))).toBe('KSFO AAA OAK KHWD');
    expect(codes(addWaypoint2(base(), 'AAA', 'OAK', p, db, o))).toBe('KSFO OAK AAA KHWD');
    const r = addWaypointEnd(base(), '3745N12230W', p, db, o);
    expect(r.waypoints[3]!.type).toBe('LATLONG');
    expect(r.ts).toBe(42);
    expect(r.final_string).toBe('KSFO OAK KHWD 3745N12230W');
    expect(codes(addWaypointEnd(base(), 'NOSUCH', p, db, o))).toBe('KSFO OAK KHWD');
    expect(codes(addWaypoint1(base(), 'AAA', 'NOSUCH', p, db, o))).toBe('KSFO OAK KHWD');
  });

  it('adds an airway between two fixes and expands it', () => {
    const r = addWaypoint2(frozen(parse('AAA DDD')), 'V901', 'AAA', p, db, o);
    expect(codes(r)).toBe('AAA V901 DDD');
    expect(all(r)).toBe('AAA BBB CCC DDD');
  });

  it('moves waypoints up and down, staying put at the ends', () => {
    expect(codes(moveUp(base(), 'OAK', p, db, o))).toBe('OAK KSFO KHWD');
    expect(codes(moveDown(base(), 'OAK', p, db, o))).toBe('KSFO KHWD OAK');
    expect(codes(moveUp(base(), 'KSFO', p, db, o))).toBe('KSFO OAK KHWD');
    expect(codes(moveDown(base(), 'KHWD', p, db, o))).toBe('KSFO OAK KHWD');
  });

  it('removes a waypoint; removing an airway entry re-checks the airway', () => {
    expect(codes(removeWaypoint(base(), 'OAK', p, db, o))).toBe('KSFO KHWD');
    const r = removeWaypoint(frozen(parse('KSFO AAA V901 DDD')), 'AAA', p, db, o);
    expect(r.airway_errors).toEqual(['V901: KSFO is not on the airway']);
  });

  it('removes an airway by id or by one of its points', () => {
    const r = frozen(parse('AAA V901 DDD'));
    expect(codes(removeAirway(r, 'V901', p, db, o))).toBe('AAA DDD');
    expect(all(removeAirway(r, r.all_waypoints[1]!, p, db, o))).toBe('AAA DDD');
  });

  it('reverses a route, airways included; twice gives the same codes', () => {
    const r = frozen(parse('KSFO AAA V901 DDD.8000'));
    const rev = reverseRoute(r, p, db, o);
    expect(codes(rev)).toBe('DDD V901 AAA KSFO');
    expect(all(rev)).toBe('DDD CCC BBB AAA KSFO');
    expect(rev.final_string).toBe('DDD V901 AAA KSFO.8000');
    expect(codes(reverseRoute(rev, p, db, o))).toBe(codes(r));
    expect(codes(reverseRoute(frozen(parse('KHWD HWD3.RW28L OAK')), p, db, o))).toBe('OAK KHWD');
  });

  it('sets and clears altitude constraints, also on airway points', () => {
    const r = setAltitude1(base(), 'OAK', 5500, p, db, o);
    expect(r.waypoints[1]).toMatchObject({ alt1: 5500, alt_type: 'VNAV' });
    expect(setAltitude1(base(), 'OAK', '+4500', p, db, o).waypoints[1]).toMatchObject({ alt1: 4500, alt_type: '+' });
    expect(setAltitude1(r, 'OAK', -1, p, db, o).waypoints[1]).toMatchObject({ alt1: -9999, alt2: -9999, alt_type: '' });
    expect(setAltitude1(base(), 'OAK', 'abc', p, db, o).waypoints[1]!.alt1).toBe(-9999);
    const a = setAltitude1(frozen(parse('AAA V901 DDD')), 'CCC', '@7000', p, db, o);
    expect(a.all_waypoints[2]).toMatchObject({ code: 'CCC', alt1: 7000, alt_type: '@' });
  });

  it('direct-to: one mark, GPS0 before the target, marking another moves it, toggling clears', () => {
    const pos = { lat: 37.5, lon: -122.1 };
    const d = frozen(directTo(base(), 'OAK', p, db, { now: 5, position: pos }));
    expect(codes(d)).toBe(`KSFO ${DIRECT_TO_CODE} OAK KHWD`);
    expect(d.waypoints.filter((w) => w.directTo).map((w) => w.code)).toEqual(['OAK']);
    expect(d.final_string).toBe('KSFO 3730N12206W OAK KHWD');
    const d2 = frozen(directTo(d, 'KHWD', p, db, { now: 6, position: pos }));
    expect(codes(d2)).toBe(`KSFO OAK ${DIRECT_TO_CODE} KHWD`);
    expect(d2.waypoints.filter((w) => w.directTo).map((w) => w.code)).toEqual(['KHWD']);
    const off = directTo(d2, 'KHWD', p, db, { now: 7 });
    expect(codes(off)).toBe('KSFO OAK KHWD');
    expect(off.waypoints.some((w) => w.directTo)).toBe(false);
    const noPos = directTo(base(), 'OAK', p, db, { now: 8 });
    expect(codes(noPos)).toBe('KSFO OAK KHWD');
    expect(noPos.waypoints[1]!.directTo).toBe(true);
    const inner = directTo(frozen(parse('AAA V901 DDD')), 'CCC', p, db, { now: 9 });
    expect(inner.all_waypoints.filter((w) => w.directTo).map((w) => w.code)).toEqual(['CCC']);
  });

  it('keeps the cruise altitude through edits', () => {
    expect(removeWaypoint(frozen(parse('KSFO OAK KHWD.9000')), 'OAK', p, db, o).final_string).toBe('KSFO KHWD.9000');
  });
});
