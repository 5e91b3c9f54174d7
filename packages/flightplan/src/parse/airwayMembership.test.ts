import geodesic from 'geographiclib-geodesic';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, type Route } from '../model.js';
import { airwayProcedureNavDb, JJJ_FIX, QQQ_VOR, V950_OFFSETS_NM } from '../testing/airwayProcedureTestData.js';
import { expandAirway } from './buildRoute.js';
import { parseRoute } from './parseRoute.js';
import { makeWaypoint } from './waypoint.js';

const db = airwayProcedureNavDb();
const parse = (text: string): Route => parseRoute(text, DEFAULT_PROFILE, db, { now: 0 });
const codes = (r: Route) => r.all_waypoints.map((w) => w.code).join(' ');
const WGS84 = geodesic.Geodesic.WGS84;
const M_PER_NM = 1852;
const nm = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => WGS84.Inverse(a.lat, a.lon, b.lat, b.lon).s12! / M_PER_NM;

describe('airway membership by ident and position', () => {
  it('takes the VOR on the airway, not the airport that has its id (issue 14 point 3)', () => {
    const r = parse('KQQQ QQQ J950 FFF');
    expect(r.airway_errors).toEqual([]);
    expect(r.waypoints[1]).toMatchObject({ code: 'QQQ', type: 'NAVAID', location: { lat: QQQ_VOR.latDeg, lon: QQQ_VOR.lonDeg } });
    expect(codes(r)).toBe('KQQQ QQQ FFF');
    // The airport-to-VOR leg is the 1.4 nm between them, not a 0 nm leg to the airport itself.
    expect(nm(r.all_waypoints[0]!.location, r.all_waypoints[1]!.location)).toBeGreaterThan(1);
    // Where no airway asks otherwise, the airport keeps the id.
    expect(parse('QQQ KHWD').waypoints[0]!.type).toBe('AIRPORT');
  });

  it('joins the pieces of an airway and matches points of another source within a mile (issue 28 point 2)', () => {
    const r = parse('AAA V950 DDD');
    expect(r.airway_errors).toEqual([]);
    expect(codes(r)).toBe('AAA BBB CCC DDD');
    // The airway's own points, whose positions are the second piece's.
    const ccc = r.all_waypoints[2]!;
    expect(nm(ccc.location, { lat: 37, lon: -121 })).toBeCloseTo(V950_OFFSETS_NM.CCC, 2);
    // Typed points from the database (0.2-0.3 nm from the piece's) enter and leave it.
    expect(parse('BBB V950 DDD').airway_errors).toEqual([]);
    expect(codes(parse('DDD V950 BBB'))).toBe('DDD CCC BBB');
  });

  it('finds the junction of two airways whose shared point the sources place 0.2 nm apart', () => {
    const r = parse('AAA V950 J901 EEE');
    expect(r.airway_errors).toEqual([]);
    expect(codes(r)).toBe('AAA BBB CCC DDD EEE');
  });

  it('does not take a point 2 nm from the airway point of its ident as on the airway', () => {
    const jjj = makeWaypoint('JJJ', 'FIX', JJJ_FIX.latDeg, JJJ_FIX.lonDeg);
    const fff = makeWaypoint('FFF', 'FIX', 36, -120.5);
    expect(expandAirway(db, 'J951', jjj, fff).error).toBe('J951: JJJ is not on the airway');
    // Typed next to J951, the token names the airway's own JJJ.
    const r = parse('JJJ J951 FFF');
    expect(r.airway_errors).toEqual([]);
    expect(nm(r.waypoints[0]!.location, JJJ_FIX_LOCATION)).toBeCloseTo(2, 1);
  });

  it('still reports published gaps and points off the airway, with a note in words', () => {
    const gap = parse('AAA V902 CCC');
    expect(gap.airway_errors).toEqual(['V902: gap between BBB and CCC']);
    expect(gap.token_notes).toEqual([{ token: 'V902', index: 1, severity: 'error', message: 'V902 has a published gap between BBB and CCC; it cannot be flown through there' }]);
    const off = parse('EEE V950 AAA');
    expect(off.airway_errors).toEqual(['V950: EEE is not on the airway']);
    // Nearest V950 point to EEE (37N 119.5W): DDD of the second piece, 0.2 nm north of 37N 120W.
    const expectedNm = Math.round(nm({ lat: 37, lon: -119.5 }, { lat: 37 + V950_OFFSETS_NM.DDD / 60, lon: -120 }));
    expect(off.token_notes).toEqual([{ token: 'V950', index: 1, severity: 'error', message: `V950 does not pass EEE; its nearest point to EEE is DDD, ${expectedNm} nm away` }]);
  });
});

const JJJ_FIX_LOCATION = { lat: JJJ_FIX.latDeg, lon: JJJ_FIX.lonDeg };
