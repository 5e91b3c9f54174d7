import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, runFlightPlan, type AircraftProfile, type WindSample, type WindsAloftSource } from '@clearway/flightplan';
import { makeRoute, makeWaypoint } from '@clearway/flightplan/testing';
import { geodesicDestination } from '@clearway/geo';
import { kneeboard, utcHhmmZ } from './kneeboard';
import type { DisplayUnits } from '../navlogFormat';
import { initialUnitsState } from '../../settings';

const UNITS: DisplayUnits = initialUnitsState;
const ETD = Date.UTC(2026, 5, 1, 14, 0);
const PROFILE: AircraftProfile = { ...DEFAULT_PROFILE, altitude: 6500, etd_iso: new Date(ETD).toISOString(), starting_fuel: 50 };
/** Wind from 270° at 20 kt everywhere, 5 °C. */
const westerly: WindsAloftSource = {
  windAt: (): WindSample => ({ directionDeg: 270, speedKt: 20, temperatureC: 5, stationId: 'XYZ', stationLat: 0, stationLon: 0, aloft: [270, 20, 5] }),
};
/** Due north along 90°W from 35°N, `nm` along the geodesic. */
const north = (code: string, nm: number, extra = {}) => {
  const p = geodesicDestination(35, -90, 0, nm);
  return makeWaypoint(code, p.latDeg, p.lonDeg, extra);
};

describe('kneeboard', () => {
  // 120 nm due north, 500 ft airports; climb 6,000 ft at 500 fpm (12 min), descent 6,000 ft at 500 fpm (12 min).
  const route = runFlightPlan(
    makeRoute([north('KAAA', 0, { elevation: 500, type: 'AIRPORT' }), north('B', 30), north('C', 80), north('KDDD', 120, { elevation: 500, type: 'AIRPORT' })]),
    PROFILE,
    { now: ETD, winds: westerly, variationAt: () => 0 },
  );
  const board = kneeboard(route, PROFILE, UNITS);
  const minutes = (t: string) => {
    const [h, m] = t.split(':').map(Number);
    return h! * 60 + m!;
  };

  it('lists the legs with TOC and TOD rows where the engine puts them', () => {
    expect(board.rows.map((r) => r.fix)).toEqual(['TOC', 'B', 'C', 'TOD', 'KDDD']);
    expect(board.departure).toBe('KAAA');
    expect(board.destination).toBe('KDDD');
    expect(board.etd).toBe('14:00Z');
  });

  it('times the top of climb from the climb rate and the crosswind triangle (worked by hand)', () => {
    const toc = board.rows[0]!;
    // 6,000 ft / 500 fpm = 12 min; GS in the climb sqrt(79² − 20²) = 76.4 kt: 15.3 nm.
    expect(toc.ete).toBe('0:12');
    expect(toc.eta).toBe('14:12Z');
    expect(Number(toc.dist)).toBeCloseTo((Math.sqrt(79 ** 2 - 20 ** 2) * 12) / 60, 0);
    expect(toc.alt).toBe('CLB 6500');
    expect(toc.tas).toBe('79');
    // Fuel in the climb: 12 min at the profile's climb fuel flow.
    expect(Number(toc.fuelUsed)).toBeCloseTo((12 / 60) * PROFILE.climb_fuel, 1);
  });

  it('gives each cruise leg the wind triangle worked by hand: WCA −8°, MH 352°, GS 139 kt', () => {
    const b = board.rows[1]!;
    const c = board.rows[2]!;
    for (const row of [b, c]) {
      expect(row.tc).toBe('360°');
      expect(row.mc).toBe('360°');
      expect(row.wind).toBe('270°/20');
      expect(row.alt).toBe('6500');
      expect(row.tas).toBe('140');
      expect(row.wca).toBe(`${Math.round((-Math.asin(20 / 140) * 180) / Math.PI)}°`);
      expect(row.mh).toBe('352°');
    }
    // C is a whole cruise leg: 50 nm at 140·cos(8.2°) = 138.6 kt.
    expect(c.gs).toBe((140 * Math.cos(Math.asin(20 / 140))).toFixed(0));
    expect(c.dist).toBe('50');
    expect(minutes(c.ete)).toBe(Math.round((50 / (140 * Math.cos(Math.asin(20 / 140)))) * 60));
  });

  it('puts the top of descent 12 min before arrival and ends on the engine totals', () => {
    const tod = board.rows[3]!;
    const last = board.rows[4]!;
    expect(minutes(last.eta.replace('Z', '')) - minutes(tod.eta.replace('Z', ''))).toBeGreaterThanOrEqual(11);
    expect(minutes(last.eta.replace('Z', '')) - minutes(tod.eta.replace('Z', ''))).toBeLessThanOrEqual(13);
    expect(last.alt).toBe('DES 500');
    expect(last.tas).toBe(String(PROFILE.descent_speed));
    expect(last.eta).toBe(utcHhmmZ(ETD + route.total_min * 60_000));
    expect(last.fuelRem).toBe((50 - route.total_fuel).toFixed(1));
    // The rows add up to the route.
    const dist = board.rows.reduce((s, r) => s + Number(r.dist), 0);
    expect(Math.abs(dist - 120)).toBeLessThan(1.5);
    const fuel = board.rows.reduce((s, r) => s + Number(r.fuelUsed), 0);
    expect(Math.abs(fuel - route.total_fuel)).toBeLessThan(0.3);
    expect(board.totals.dist).toBe('120');
  });
});
