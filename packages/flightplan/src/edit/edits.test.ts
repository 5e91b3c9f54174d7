import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, DIRECT_TO_CODE, type Route } from '../model.js';
import { parseRoute } from '../parse/parseRoute.js';
import { testNavDb } from '../testing/testNavData.js';
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

  describe('a code repeated in the route acts on the waypoint given (its original_index)', () => {
    // KHWD OAK KHWD: the second KHWD is waypoint 2; by code alone an edit finds the first.
    const loop = () => frozen(parse('KHWD OAK KHWD'));
    const second = (r: Route) => r.waypoints[2]!;
    /** Indexes of the waypoints with a constraint. */
    const constrained = (r: Route) => r.waypoints.flatMap((w, i) => (w.alt1 !== -9999 ? [i] : []));

    it('removes exactly the waypoint given; by code, the first', () => {
      const r = loop();
      const removed = removeWaypoint(r, second(r), p, db, o);
      expect(codes(removed)).toBe('KHWD OAK');
      expect(removed.origin?.code).toBe('KHWD');
      expect(codes(removeWaypoint(r, r.waypoints[0]!, p, db, o))).toBe('OAK KHWD');
      // OAK between the ends is the VORTAC (parseRoute): the route now starts there, with no origin airport.
      expect(codes(removeWaypoint(r, 'KHWD', p, db, o))).toBe('OAK KHWD');
    });

    it('inserts before and after exactly the waypoint given', () => {
      const r = loop();
      expect(codes(addWaypoint1(r, 'AAA', second(r), p, db, o))).toBe('KHWD OAK AAA KHWD');
      expect(codes(addWaypoint2(r, 'AAA', second(r), p, db, o))).toBe('KHWD OAK KHWD AAA');
      expect(codes(addWaypoint1(r, 'AAA', 'KHWD', p, db, o))).toBe('AAA KHWD OAK KHWD');
      expect(codes(addWaypoint2(r, 'AAA', 'KHWD', p, db, o))).toBe('KHWD AAA OAK KHWD');
      // A leg's end (from all_waypoints) names its waypoint the same way.
      const legEnd = r.all_waypoints[2]!;
      expect(legEnd.original_index).toBe(2);
      expect(codes(addWaypoint2(r, 'AAA', legEnd, p, db, o))).toBe('KHWD OAK KHWD AAA');
    });

    it('moves exactly the waypoint given', () => {
      const r = loop();
      expect(codes(moveUp(r, second(r), p, db, o))).toBe('KHWD KHWD OAK');
      expect(codes(moveDown(r, r.waypoints[0]!, p, db, o))).toBe('OAK KHWD KHWD');
    });

    it('sets and clears the constraint of exactly the waypoint given', () => {
      const r = loop();
      const set = setAltitude1(r, second(r), 3500, p, db, o);
      expect(constrained(set)).toEqual([2]);
      expect(set.waypoints[2]).toMatchObject({ alt1: 3500, alt_type: 'VNAV' });
      expect(constrained(setAltitude1(r, 'KHWD', 3500, p, db, o))).toEqual([0]);
      const both = frozen(setAltitude1(set, set.waypoints[0]!, '@2000', p, db, o));
      expect(constrained(both)).toEqual([0, 2]);
      const cleared = setAltitude1(both, both.waypoints[2]!, -1, p, db, o);
      expect(constrained(cleared)).toEqual([0]);
      expect(cleared.waypoints[0]).toMatchObject({ alt1: 2000, alt_type: '@' });
    });

    it('a stale original_index (not that code) falls back to the code', () => {
      const r = loop();
      expect(codes(removeWaypoint(r, { ...second(r), original_index: 1 }, p, db, o))).toBe('OAK KHWD');
    });

    it('an airway point given with its airway index is constrained inside that airway', () => {
      const r = frozen(parse('AAA V901 DDD V901 AAA'));
      // all_waypoints: AAA BBB CCC DDD CCC BBB AAA; the second CCC belongs to the airway at index 3.
      const inner = r.all_waypoints.filter((w) => w.code === 'CCC')[1]!;
      expect(inner.original_index).toBe(3);
      const a = setAltitude1(r, inner, 7000, p, db, o);
      expect(a.waypoints[1]!.expanded_waypoints.find((w) => w.code === 'CCC')!.alt1).toBe(-9999);
      expect(a.waypoints[3]!.expanded_waypoints.find((w) => w.code === 'CCC')).toMatchObject({ alt1: 7000, alt_type: 'VNAV' });
    });

    it('removes exactly the airway given (itself or one of its points)', () => {
      const r = frozen(parse('AAA V901 DDD V901 AAA'));
      expect(codes(removeAirway(r, r.waypoints[3]!, p, db, o))).toBe('AAA V901 DDD AAA');
      const point = r.all_waypoints.filter((w) => w.code === 'BBB')[1]!;
      expect(codes(removeAirway(r, point, p, db, o))).toBe('AAA V901 DDD AAA');
      expect(codes(removeAirway(r, 'V901', p, db, o))).toBe('AAA DDD V901 AAA');
    });

    it('direct-to marks exactly the waypoint given, also with a GPS0 point before it', () => {
      const r = loop();
      const pos = { lat: 37.5, lon: -122.1 };
      const d = frozen(directTo(r, second(r), p, db, { now: 5, position: pos }));
      expect(codes(d)).toBe(`KHWD OAK ${DIRECT_TO_CODE} KHWD`);
      expect(d.waypoints.flatMap((w, i) => (w.directTo ? [i] : []))).toEqual([3]);
      // Marking the first KHWD moves the mark (it is not the direct-to one).
      const d2 = frozen(directTo(d, d.waypoints[0]!, p, db, { now: 6, position: pos }));
      expect(codes(d2)).toBe(`${DIRECT_TO_CODE} KHWD OAK KHWD`);
      expect(d2.waypoints.flatMap((w, i) => (w.directTo ? [i] : []))).toEqual([1]);
      // Toggling the marked one clears it.
      const off = directTo(d2, d2.waypoints[1]!, p, db, { now: 7 });
      expect(codes(off)).toBe('KHWD OAK KHWD');
      expect(off.waypoints.some((w) => w.directTo)).toBe(false);
    });
  });

  it('keeps the cruise altitude through edits', () => {
    expect(removeWaypoint(frozen(parse('KSFO OAK KHWD.9000')), 'OAK', p, db, o).final_string).toBe('KSFO KHWD.9000');
  });
});
