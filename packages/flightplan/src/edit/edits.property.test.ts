import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, type Route } from '../model.js';
import { parseRoute } from '../parse/parseRoute.js';
import { testNavDb } from '../testing/testNavData.js';
import { directTo } from './directTo.js';
import { addWaypoint1, addWaypoint2, addWaypointBeginning, addWaypointEnd, moveDown, moveUp, removeAirway, removeWaypoint, reverseRoute, setAltitude1 } from './edits.js';

const db = testNavDb();
const p = DEFAULT_PROFILE;
const CODES = ['KSFO', 'OAK', 'KHWD', 'AAA', 'BBB', 'CCC', 'DDD', 'EEE', 'DUP', 'V901', 'J901', 'V902', '3745N12230W', '37.7512/-122.5', 'NOSUCH'];
const code = fc.constantFrom(...CODES);
const edit = fc.oneof(
  fc.tuple(fc.constant('begin'), code, code),
  fc.tuple(fc.constant('end'), code, code),
  fc.tuple(fc.constant('before'), code, code),
  fc.tuple(fc.constant('after'), code, code),
  fc.tuple(fc.constant('up'), code, code),
  fc.tuple(fc.constant('down'), code, code),
  fc.tuple(fc.constant('remove'), code, code),
  fc.tuple(fc.constant('airway'), code, code),
  fc.tuple(fc.constant('reverse'), code, code),
  fc.tuple(fc.constant('alt'), code, fc.constantFrom('5000', '+4500', '-1', 'x')),
  fc.tuple(fc.constant('direct'), code, code),
);

function apply(r: Route, [kind, a, b]: [string, string, string], now: number): Route {
  const o = { now };
  switch (kind) {
    case 'begin': return addWaypointBeginning(r, a, p, db, o);
    case 'end': return addWaypointEnd(r, a, p, db, o);
    case 'before': return addWaypoint1(r, a, b, p, db, o);
    case 'after': return addWaypoint2(r, a, b, p, db, o);
    case 'up': return moveUp(r, a, p, db, o);
    case 'down': return moveDown(r, a, p, db, o);
    case 'remove': return removeWaypoint(r, a, p, db, o);
    case 'airway': return removeAirway(r, a, p, db, o);
    case 'reverse': return reverseRoute(r, p, db, o);
    case 'alt': return setAltitude1(r, a, b === '-1' ? -1 : b, p, db, o);
    default: return directTo(r, a, p, db, { now, position: { lat: 37.5, lon: -122 } });
  }
}

describe('route edit properties', () => {
  it('never mutate their input, keep one direct-to at most and a string that parses back the same', () => {
    fc.assert(
      fc.property(fc.array(code, { maxLength: 6 }), fc.array(edit, { maxLength: 8 }), (start, edits) => {
        let r = parseRoute(start.join(' '), p, db, { now: 0 });
        edits.forEach((e, i) => {
          const before = JSON.stringify(r);
          const next = apply(r, e, i + 1);
          expect(JSON.stringify(r)).toBe(before);
          expect(next.ts).toBe(i + 1);
          r = next;
        });
        expect(r.all_waypoints.filter((w) => w.directTo).length).toBeLessThanOrEqual(1);
        expect(r.waypoints.map((w, i) => w.original_index === i).every(Boolean)).toBe(true);
        const again = parseRoute(r.final_string, p, db, { now: 0 });
        expect(again.final_string).toBe(r.final_string);
        expect(again.invalid_tokens).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});
