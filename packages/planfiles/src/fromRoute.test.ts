import { describe, expect, it } from 'vitest';
import { encodeNavDb, openNavDb } from '@clearway/navdb';
import { sampleNavDataSet } from '@clearway/navdb/testing';
import { DEFAULT_PROFILE, parseRoute } from '@clearway/flightplan';
import { routeToPlan } from './fromRoute.js';
import { readPlan, writePlan } from './detect.js';
import { navDbLookup, planToRouteString, resolvePlan } from './resolve.js';

const db = openNavDb(encodeNavDb(sampleNavDataSet()));
const parse = (text: string) => parseRoute(text, { ...DEFAULT_PROFILE, altitude: 6500 }, db, { now: 0 });

describe('routeToPlan', () => {
  it('lists every point flown: airways expanded and marked, lat/lon points as user points, the cruise altitude', () => {
    const route = parse('KSFO SFO V25 ARCHI 37.6/-122.3 HW KOAK');
    const plan = routeToPlan(route);
    expect(plan.points.map((p) => `${p.kind}:${p.ident}${p.airway ? `/${p.airway}` : ''}`)).toEqual(['airport:KSFO', 'vor:SFO', 'fix:ARCHI/V25', 'user:3736N12218W', 'ndb:HW', 'airport:KOAK']);
    expect([plan.departure, plan.destination, plan.cruiseAltitudeFt]).toEqual(['KSFO', 'KOAK', 6500]);
  });

  it('a route exported in each format, imported and resolved, is the same route', () => {
    const route = parse('KSFO SFO V25 ARCHI 37.6/-122.3 HW KOAK');
    for (const format of ['xplane-fms', 'garmin-fpl', 'msfs2020-pln', 'msfs2024-pln', 'fsx-pln', 'lnmpln', 'fgfp', 'gpx'] as const) {
      const { plan } = readPlan(writePlan(format, routeToPlan(route)));
      const report = resolvePlan(plan, navDbLookup(db));
      expect(report.messages, format).toEqual([]);
      const again = parse(planToRouteString(report.plan));
      expect(again.invalid_tokens, format).toEqual([]);
      // Formats without airways (Garmin, GPX) give ARCHI direct: the same points flown.
      expect(again.all_waypoints.map((w) => w.code), format).toEqual(route.all_waypoints.map((w) => w.code));
      again.all_waypoints.forEach((w, i) => {
        expect(Math.abs(w.location.lat - route.all_waypoints[i]!.location.lat), format).toBeLessThan(1e-5);
        expect(Math.abs(w.location.lon - route.all_waypoints[i]!.location.lon), format).toBeLessThan(1e-5);
      });
    }
  });
});
