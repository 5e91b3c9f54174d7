import { encodeNavDb, openNavDb } from '@clearway/navdb';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE } from '../model.js';
import { parseRoute } from './parseRoute.js';
import { testNavDataSet } from '../testing/testNavData.js';

/*
 * The ICAO field 15 reader (tokens.ts) against airway ids shaped like a speed or a level: ICAO
 * airways such as A580 (a level's shape, A and 3 digits) or M725 (a Mach speed's, M and 3 digits)
 * are airways where the database has them, and field 15 forms only where it does not.
 */

const ref = { source: 'xplane' as const, file: 'TEST', line: 1 };
const pt = (ident: string, kind: 'fix' | 'navaid', lonDeg: number) => ({ ident, kind, latDeg: 37, lonDeg, meaFt: 5000, gapAfter: false });
const data = testNavDataSet();
data.airways.push(
  { id: 'A580', kind: 'OTHER', points: [pt('AAA', 'navaid', -122), pt('BBB', 'fix', -121.5), pt('CCC', 'fix', -121)], source: ref },
  { id: 'M725', kind: 'OTHER', points: [pt('CCC', 'fix', -121), pt('DDD', 'navaid', -120), pt('EEE', 'fix', -119.5)], source: ref },
);
const db = openNavDb(encodeNavDb(data));
const parse = (text: string) => parseRoute(text, DEFAULT_PROFILE, db, { now: 1_700_000_000_000 });
const codes = (ws: { code: string }[]) => ws.map((w) => w.code).join(' ');

describe('field 15 forms and airway ids of the same shape', () => {
  it('flies an airway whose id looks like a level (A580) or a Mach speed (M725)', () => {
    const r = parse('AAA A580 CCC M725 EEE');
    expect([r.invalid_tokens, r.airway_errors, r.token_notes]).toEqual([[], [], undefined]);
    expect(r.final_string).toBe('AAA A580 CCC M725 EEE');
    expect(codes(r.all_waypoints)).toBe('AAA BBB CCC DDD EEE');
    expect(codes(parse('AAA A580 M725 EEE').all_waypoints)).toBe('AAA BBB CCC DDD EEE');
  });

  it('keeps the airway when a speed/level group comes with it', () => {
    const r = parse('AAA/N0450F350 A580 CCC/N0460F370 M725 EEE');
    expect([r.invalid_tokens, r.airway_errors]).toEqual([[], []]);
    expect(codes(r.all_waypoints)).toBe('AAA BBB CCC DDD EEE');
    expect(r.waypoints.map((w) => w.speed_level ?? '-').join(' ')).toBe('N0450F350 - N0460F370 - -');
  });

  it('still says what is wrong with a speed or level alone that names no airway', () => {
    const r = parse('AAA A581 CCC M726 EEE');
    expect(r.token_notes?.map((n) => n.message)).toEqual([
      'A581: a level needs a speed before it (e.g. N0450A581)',
      'M726: a speed needs a level after it (e.g. M726F350)',
    ]);
  });
});
