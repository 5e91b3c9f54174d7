import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reverseRoute } from '../edit/edits.js';
import { DEFAULT_PROFILE } from '../model.js';
import { parseRoute } from './parseRoute.js';
import { testNavDb } from '../testing/testNavData.js';

const db = testNavDb();
const p = DEFAULT_PROFILE;
const parse = (text: string) => parseRoute(text, p, db, { now: 0 });
const codes = (ws: { code: string }[]) => ws.map((w) => w.code).join(' ');

/** Tokens a route string is made of: good, bad and borderline. */
const GOOD = ['KSFO', 'SFO', 'OAK', 'KOAK', 'KHWD', 'HWD', 'AAA', 'BBB', 'CCC', 'DDD', 'EEE', 'DUP', 'ARCHI', 'V901', 'V902', 'J901', 'V25', 'J80', 'DCT', '3745N12230W', '37.5/-122.25', '37.7512/-122.5', '-33.9461/151.1772', 'N3700W12100', 'AAA090/010', 'AAA090', 'DDD270005', 'N0450F350', 'BBB/M082F390', 'CCC/K0800S1130', '46N078W', 'IFR', 'VFR'];
const BAD = ['V999', 'XYZZY', '.', '..', '.6500', 'HWD3.RW28L', 'A.B.C', '9999N99999W', '-1/-1', '°', "N37°45.0'", '/', '', 'nowhr', '🛩', 'LSZH', 'KHWD.70000', 'DDD.8000', 'AAA1111', 'AAA090/', 'N0450', 'F350', 'ZZQ123/010', 'AAA400/010', 'BBB/N04F3'];
const token = fc.oneof(fc.constantFrom(...GOOD, ...BAD), fc.string({ maxLength: 8 }));
const soup = fc.array(token, { maxLength: 12 }).map((ts) => ts.join(' '));
const goodRoute = fc.array(fc.constantFrom(...GOOD.filter((t) => t !== 'DCT')), { minLength: 1, maxLength: 10 }).map((ts) => ts.join(' '));

/** A seeded generator (mulberry32), so the bulk fuzz run is repeatable. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('parseRoute properties', () => {
  it('never throws on token soup and keeps every field well formed', () => {
    fc.assert(
      fc.property(soup, (text) => {
        const r = parse(text);
        expect(Array.isArray(r.invalid_tokens) && Array.isArray(r.airway_errors)).toBe(true);
        expect(r.all_waypoints.every((w) => Number.isFinite(w.location.lat) && Number.isFinite(w.location.lon))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('parsing final_string again gives the same route string and waypoints', () => {
    fc.assert(
      fc.property(soup, (text) => {
        const once = parse(text);
        const twice = parse(once.final_string);
        expect(twice.final_string).toBe(once.final_string);
        expect(codes(twice.waypoints)).toBe(codes(once.waypoints));
        expect(codes(twice.all_waypoints)).toBe(codes(once.all_waypoints));
        expect(twice.airway_errors).toEqual(once.airway_errors);
        expect(twice.altitude).toBe(once.altitude);
        expect(twice.invalid_tokens).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('reversing twice gives the same codes', () => {
    fc.assert(
      fc.property(goodRoute, (text) => {
        const r = parse(text);
        const back = reverseRoute(reverseRoute(r, p, db, { now: 1 }), p, db, { now: 2 });
        expect(codes(back.waypoints)).toBe(codes(r.waypoints));
        expect(codes(back.all_waypoints)).toBe(codes(r.all_waypoints));
        expect(back.final_string).toBe(r.final_string);
      }),
      { numRuns: 1000 },
    );
  });

  // Only that every string parses: how fast parsing is is shown by `npm run bench:flightplan` (route
  // strings per second against a tokenise-and-look-up baseline), never by a clock in a unit test.
  it('parses 100,000 random token strings without an exception', () => {
    const next = rng(20261121);
    const pool = [...GOOD, ...BAD];
    const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789./-°\' ';
    let parsed = 0;
    for (let i = 0; i < 100_000; i++) {
      const n = Math.floor(next() * 6);
      const parts: string[] = [];
      for (let k = 0; k < n; k++) {
        if (next() < 0.3) parts.push(pool[Math.floor(next() * pool.length)]!);
        else {
          let s = '';
          const len = 1 + Math.floor(next() * 7);
          for (let c = 0; c < len; c++) s += chars[Math.floor(next() * chars.length)];
          parts.push(s);
        }
      }
      parseRoute(parts.join(' '), p, db, { now: i });
      parsed++;
    }
    expect(parsed).toBe(100_000);
  });
});
