import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE } from '../model.js';
import { parseRoute } from './parseRoute.js';
import { testNavDb } from '../testing/testNavData.js';
import { legSkeletons } from './legs.js';
import { hasValidAltitude, isExpandable, isRouteFixed } from './waypoint.js';

const db = testNavDb();
const now = 1_700_000_000_000;
const parse = (text: string) => parseRoute(text, DEFAULT_PROFILE, db, { now });
const codes = (ws: { code: string }[]) => ws.map((w) => w.code).join(' ');

describe('parseRoute', () => {
  it('parses a direct route of airports and navaids, trimmed and upper-cased', () => {
    const r = parse('  ksfo dct oak  KHWD ');
    expect(codes(r.waypoints)).toBe('KSFO OAK KHWD');
    expect(r.final_string).toBe('KSFO OAK KHWD');
    expect(r.search_string).toBe('KSFO DCT OAK  KHWD');
    expect(r.origin?.code).toBe('KSFO');
    expect(r.destination?.code).toBe('KHWD');
    expect(r.altitude).toBe(6000);
    expect(r.ts).toBe(now);
    expect(r.legs).toEqual([]);
    expect(r.invalid_tokens).toEqual([]);
    expect(r.waypoints.map((w) => w.original_index)).toEqual([0, 1, 2]);
    expect(r.waypoints[0]!.insertBefore && r.waypoints[0]!.insertAfter).toBe(true);
  });

  it('reads the cruise altitude suffix and writes it back', () => {
    const r = parse('KSFO OAK KHWD.6500');
    expect(r.altitude).toBe(6500);
    expect(codes(r.waypoints)).toBe('KSFO OAK KHWD');
    expect(r.final_string).toBe('KSFO OAK KHWD.6500');
    expect(parse('KSFO KHWD .8500').altitude).toBe(8500);
    expect(parse('KSFO KHWD.0').invalid_tokens).toEqual(['.0']);
  });

  it('expands an airway between entry and exit, both directions', () => {
    const r = parse('AAA V901 DDD');
    expect(codes(r.waypoints)).toBe('AAA V901 DDD');
    expect(codes(r.all_waypoints)).toBe('AAA BBB CCC DDD');
    expect(r.all_waypoints[1]!.airway).toBe('V901');
    expect(r.all_waypoints[1]!.original_index).toBe(1);
    expect(codes(r.waypoints[1]!.expanded_waypoints)).toBe('BBB CCC');
    expect(r.airway_errors).toEqual([]);
    expect(codes(parse('DDD V901 AAA').all_waypoints)).toBe('DDD CCC BBB AAA');
    expect(codes(parse('AAA V901 DDD J901 EEE').all_waypoints)).toBe('AAA BBB CCC DDD EEE');
  });

  it('joins two airways written back to back at their shared point', () => {
    const r = parse('AAA V901 J901 EEE');
    expect(r.airway_errors).toEqual([]);
    expect(r.all_waypoints.map((w) => `${w.code}/${w.airway ?? ''}`).join(' ')).toBe('AAA/ BBB/V901 CCC/V901 DDD/V901 EEE/');
    expect(r.final_string).toBe('AAA V901 J901 EEE');
    expect(codes(parse('EEE J901 V901 AAA').all_waypoints)).toBe('EEE DDD CCC BBB AAA');
  });

  it('reports every kind of airway problem with the airway and fix', () => {
    expect(parse('AAA V901 OAK').airway_errors).toEqual(['V901: OAK is not on the airway']);
    expect(parse('OAK V901 DDD').airway_errors).toEqual(['V901: OAK is not on the airway']);
    expect(parse('AAA V999 DDD').airway_errors).toEqual(['V999: airway not found']);
    expect(parse('AAA V902 CCC').airway_errors).toEqual(['V902: gap between BBB and CCC']);
    expect(parse('V901 DDD').airway_errors).toEqual(['V901: no entry fix before the airway']);
    expect(parse('AAA V901').airway_errors).toEqual(['V901: no exit fix after the airway']);
    expect(parse('AAA V902 J901 EEE').airway_errors).toEqual(['V902: does not meet J901', 'J901: does not meet V902']);
    expect(parse('AAA V901 AAA').airway_errors).toEqual(['V901: entry and exit are both AAA']);
    const r = parse('AAA V999 DDD');
    expect(r.waypoints[1]!.invalid).toBe(true);
    expect(r.final_string).toBe('AAA V999 DDD');
  });

  it('reads lat/lon points in the usual pilot forms', () => {
    for (const text of ['3745N12230W', '37.75/-122.5', "N37°45.0' W122°30.0'", 'N3745W12230', '374500N1223000W']) {
      const r = parse(`KSFO ${text}`);
      expect(r.invalid_tokens, text).toEqual([]);
      expect(r.waypoints[1]!.type).toBe('LATLONG');
      expect(r.waypoints[1]!.code).toBe('3745N12230W');
      expect(r.waypoints[1]!.location).toEqual({ lat: 37.75, lon: -122.5 });
    }
    expect(parse('KSFO 37.7512/-122.5').waypoints[1]!.code).toBe('37.7512/-122.5');
    expect(parse('KSFO 9945N12230W').invalid_tokens).toEqual(['9945N12230W']);
    const alt = parse('KSFO 37.7512/-122.5.6500');
    expect([alt.final_string, alt.altitude, alt.invalid_tokens.length]).toEqual(['KSFO 37.7512/-122.5.6500', 6500, 0]);
    expect(parse('KSFO 3745N12230W.7500').altitude).toBe(7500);
  });

  it('resolves ambiguous ids nearest the previous point and flags them', () => {
    const west = parse('AAA DUP');
    expect(west.waypoints[1]!.ambiguous).toBe(true);
    expect(west.waypoints[1]!.name).toBe('DUP NDB');
    expect(parse('KSFO DDD CCC DUP').waypoints[3]!.name).toBe('DUP NDB');
    // The first point has no previous one: the candidate nearest the next point wins.
    expect(parse('DUP DDD').waypoints[0]!.name).toBe('DUP NDB');
    expect(parse('DUP 3830N09800W').waypoints[0]!.name).toBe('DUP VOR');
    expect(hasValidAltitude({ ...west.waypoints[1]!, alt1: 5000, alt_type: '@' })).toBe(false);
  });

  it('reports unrecognised tokens and keeps going', () => {
    const r = parse('KSFO XYZZY OAK ??? KHWD');
    expect(r.invalid_tokens).toEqual(['XYZZY', '???']);
    expect(codes(r.waypoints)).toBe('KSFO OAK KHWD');
  });

  it('marks DP and STAR tokens as fixed procedure waypoints', () => {
    const r = parse('KHWD HWD3.RW28L OAK');
    expect(r.invalid_tokens).toEqual([]);
    expect(r.waypoints[1]!.type).toBe('DP');
    expect(r.waypoints[1]!.fixed).toBe(true);
    expect(isExpandable(r.waypoints[1]!)).toBe(true);
    expect(isRouteFixed(r.waypoints)).toBe(true);
    expect(r.final_string).toBe('KHWD HWD3.RW28L OAK');
    expect(parse('KHWD NOPE.RW28L OAK').invalid_tokens).toEqual(['NOPE.RW28L']);
    expect(parse('OAK HWD3.RW28L KHWD').invalid_tokens).toEqual(['HWD3.RW28L']);
  });

  it('builds leg skeletons for runFlightPlan', () => {
    const legs = legSkeletons(parse('AAA V901 DDD').all_waypoints);
    expect(legs.map((l) => `${l.start.code}-${l.end.code}`)).toEqual(['AAA-BBB', 'BBB-CCC', 'CCC-DDD']);
    expect(legs[0]!.fixed).toBe(true);
  });

  it('gives an empty route for empty text', () => {
    const r = parse('   ');
    expect(r.waypoints).toEqual([]);
    expect(r.final_string).toBe('');
    expect(r.origin).toBeNull();
  });
});
