// The radial shown beside a leg's course in the navlog (Leg.radial), through runFlightPlan on routes
// parsed over the small test nav database (navdb's sample set: OAK VORTAC at 37.725625 N
// 122.223511 W, published variation 17° E; SFO VORTAC). A radial/DME fix is placed by the parser on
// the WGS84 geodesic from its station; these tests check which legs name its radial.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, type Route } from '../model.js';
import { parseRoute } from '../parse/parseRoute.js';
import { testNavDb } from '../testing/testNavData.js';
import { runFlightPlan } from './flightPlan.js';

const db = testNavDb();
const now = Date.UTC(2026, 10, 25);
const plan = (text: string): Route => runFlightPlan(parseRoute(text, DEFAULT_PROFILE, db, { now }), DEFAULT_PROFILE, { now });
const radials = (r: Route) => r.all_legs.map((l) => `${l.start.code}-${l.end.code} ${l.radial ?? '-'}`);

describe('the radial of a leg to a radial/DME fix', () => {
  it('a leg from the station to its radial/DME fix flies the radial outbound (KHWD OAK OAK099020 KSFO)', () => {
    const r = plan('KHWD OAK OAK099020 KSFO');
    expect(r.invalid_tokens).toEqual([]);
    expect(radials(r)).toEqual(['KHWD-OAK -', 'OAK-OAK099020 99', 'OAK099020-KSFO -']);
    // The top-level leg is the same leg: the navlog row shows it too.
    expect(r.legs.map((l) => l.radial ?? null)).toEqual([null, 99, null]);
    // The radial is the station's, not the course flown: true course 099 + 17 E, magnetic by today's model.
    const leg = r.all_legs[1]!;
    expect(leg.true_course).toBeCloseTo(116, 0);
    expect(leg.distance).toBeCloseTo(20, 6);
  });

  it('radial 000 is written 360, and a radial/slash/distance fix is the same fix', () => {
    expect(radials(plan('KHWD OAK OAK000015 KSFO'))[1]).toBe('OAK-OAK000015 360');
    expect(radials(plan('KHWD OAK OAK270/012 KSFO'))[1]).toBe('OAK-OAK270012 270');
  });

  it('only a leg that starts at the station: none from another point, none from the fix onwards', () => {
    // From an airport, from another VOR, and back to the station from its fix.
    expect(radials(plan('KHWD OAK099020 KSFO'))).toEqual(['KHWD-OAK099020 -', 'OAK099020-KSFO -']);
    expect(radials(plan('KHWD SFO OAK099020 KSFO'))).toEqual(['KHWD-SFO -', 'SFO-OAK099020 -', 'OAK099020-KSFO -']);
    expect(radials(plan('KHWD OAK099020 OAK KSFO'))).toEqual(['KHWD-OAK099020 -', 'OAK099020-OAK -', 'OAK-KSFO -']);
  });

  it('a point that only looks like a fix of the station (moved away from its radial) gets no radial', () => {
    const parsed = parseRoute('KHWD OAK OAK099020 KSFO', DEFAULT_PROFILE, db, { now });
    // 3 nm north of where the fix belongs, in the route's points and in their expansion.
    for (const fix of [...parsed.waypoints, ...parsed.all_waypoints].filter((w) => w.code === 'OAK099020')) fix.location = { lat: fix.location.lat + 0.05, lon: fix.location.lon };
    const r = runFlightPlan(parsed, DEFAULT_PROFILE, { now });
    expect(r.all_legs.map((l) => l.radial ?? null)).toEqual([null, null, null]);
  });

  it('a radial segment keeps its radial (PWL PWL111 BRISS form, here OAK OAK099 on to a fix of that radial)', () => {
    expect(radials(plan('KHWD OAK OAK099 OAK099020 KSFO'))).toEqual(['KHWD-OAK -', 'OAK-OAK099020 99', 'OAK099020-KSFO -']);
  });
});
