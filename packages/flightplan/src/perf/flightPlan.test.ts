import { geodesicDestination } from '@clearway/geo';
import { magvar } from 'magvar';
import { describe, expect, it } from 'vitest';
import type { AircraftProfile, WindSample, WindsAloftSource } from '../model.js';
import { DEFAULT_PROFILE, UNKNOWN_TEMP } from '../model.js';
import { runFlightPlan } from './flightPlan.js';
import { makeRoute, makeWaypoint } from '../testing/testRoute.js';
import { isaTemperatureC, windTriangle } from './windTriangle.js';

const NOW = Date.UTC(2026, 10, 21, 18, 0);
const profile: AircraftProfile = { ...DEFAULT_PROFILE };
/** Latitude `nm` north of the equator along the prime meridian, on the WGS84 ellipsoid the engine flies. */
const latNorth = (nm: number) => geodesicDestination(0, 0, 0, nm).latDeg;
/** A point `nm` north of the equator on the prime meridian (exactly `nm` along the WGS84 geodesic). */
const north = (code: string, nm: number, elevation = 0) => makeWaypoint(code, latNorth(nm), 0, { elevation });
/** A point `nm` east of the prime meridian on the equator. */
const east = (code: string, nm: number, elevation = 0) => makeWaypoint(code, 0, geodesicDestination(0, 0, 90, nm).lonDeg, { elevation });

function constantWinds(dirDeg: number, speedKt: number, tempC: number | null): WindsAloftSource & { calls: number } {
  const src = {
    calls: 0,
    windAt(): WindSample {
      src.calls++;
      return { directionDeg: dirDeg, speedKt, temperatureC: tempC, stationId: 'ABC', stationLat: 1, stationLon: 2, aloft: [dirDeg, speedKt, tempC ?? 99999, dirDeg, speedKt, tempC ?? 99999] };
    },
  };
  return src;
}

describe('climb, cruise and descent (calm air, default profile)', () => {
  // Climb 0 → 6,000 ft at 500 fpm = 12 min at 79 kt = 15.8 nm; descent 12 min at 105 kt = 21 nm.
  const route = makeRoute([north('KAAA', 0), north('B', 10), north('C', 60), north('KDDD', 100)]);
  const r = runFlightPlan(route, profile, { now: NOW });

  it('puts top of climb 15.8 nm and top of descent 21 nm from the ends, on the legs they fall on', () => {
    expect(r.total_distance).toBeCloseTo(100, 6);
    expect(r.toc?.distanceFromStart).toBeCloseTo(15.8, 6);
    expect(r.toc?.legIndex).toBe(1);
    expect(r.toc?.lat).toBeCloseTo(latNorth(15.8), 6);
    expect(r.tod?.distanceFromStart).toBeCloseTo(79, 6);
    expect(r.tod?.legIndex).toBe(2);
    expect(r.all_legs.map((l) => l.climb)).toEqual([expect.closeTo(10, 9), expect.closeTo(5.8, 6), 0]);
    expect(r.all_legs.map((l) => l.descent)).toEqual([0, 0, expect.closeTo(21, 6)]);
    expect(r.vertical_profile).toBe('normal');
    expect(r.cruise_altitude_flown).toBe(6000);
  });

  it('times and fuel by phase add up', () => {
    // Cruise 100 − 15.8 − 21 = 63.2 nm at 140 kt = 27.0857 min. Total 12 + 27.0857 + 12 = 51.0857 min.
    expect(r.total_min).toBeCloseTo(51.0857, 3);
    // Fuel 14.5·0.2 + 10.5·27.0857/60 + 8·0.2 = 2.9 + 4.74 + 1.6 = 9.24 gal.
    expect(r.total_fuel).toBeCloseTo(9.24, 3);
    expect(r.avg_gs).toBeCloseTo((100 / 51.0857) * 60, 3);
    expect(r.fuel_remaining).toBeCloseTo(50 - 9.24, 3);
    // Leg 0 is all climb: 10 nm at 79 kt.
    expect(r.all_legs[0]?.time).toBeCloseTo((10 / 79) * 60, 9);
    expect(r.all_legs[0]?.gs).toBeCloseTo(79, 9);
    expect(r.all_legs[2]?.cum_time).toBeCloseTo(r.total_min, 9);
    expect(r.all_legs[1]?.distanceSoFar).toBeCloseTo(10, 9);
  });

  it('reports calm air, ISA and the departure time', () => {
    expect(r.winds_status).toBe('unavailable');
    expect(r.avg_temp).toBeCloseTo(isaTemperatureC(6000), 9);
    expect(r.unknown_temp).toBe(true);
    expect(r.etd_ms).toBe(NOW);
    expect(r.all_legs[2]?.eta).toBeCloseTo(NOW + r.total_min * 60_000, 3);
    expect(r.all_legs.map((l) => l.wxPoints)).toEqual([[], [], []]);
  });

  it('without a variation the magnetic course is the true course and flagged unavailable', () => {
    const none = runFlightPlan(route, profile, { now: NOW, variationAt: null });
    expect(none.all_legs[0]?.course).toBeCloseTo(0, 9);
    expect(none.all_legs[0]?.variation_available).toBe(false);
  });

  it('by default takes the variation from the WMM at the leg start on the day of flight', () => {
    // Oracle: the magvar package (another WMM2025 implementation than the engine's geomagnetism):
    // 12.78° E at San Francisco on 21 November 2026, so true 000 is magnetic 347.2.
    const oracle = magvar(37.62, -122.37, 0, new Date(NOW));
    expect(oracle).toBeCloseTo(12.78, 2);
    // KSFO's published variation (17° E, an old epoch) must not be used.
    const sf = runFlightPlan(makeRoute([makeWaypoint('KSFO', 37.62, -122.37, { variation: 17 }), makeWaypoint('X', 38.62, -122.37)]), profile, { now: NOW });
    expect(sf.all_legs[0]?.variation_available).toBe(true);
    expect(Math.abs((sf.all_legs[0]?.variation ?? NaN) - oracle)).toBeLessThan(0.05);
    expect(Math.abs((sf.all_legs[0]?.course ?? NaN) - (360 - oracle))).toBeLessThan(0.05);
    // Two years later the variation has moved by the model's secular change (about −0.1° a year here).
    const later = Date.UTC(2028, 10, 21, 18, 0);
    const sf2028 = runFlightPlan(makeRoute([makeWaypoint('KSFO', 37.62, -122.37), makeWaypoint('X', 38.62, -122.37)]), profile, { now: later });
    expect(Math.abs((sf2028.all_legs[0]?.variation ?? NaN) - magvar(37.62, -122.37, 0, new Date(later)))).toBeLessThan(0.05);
    expect((sf.all_legs[0]?.variation ?? NaN) - (sf2028.all_legs[0]?.variation ?? NaN)).toBeGreaterThan(0.1);
  });

  it('takes the variation where the leg starts, not at its middle (KSFO to KJFK)', () => {
    // 12.8° E at San Francisco, about 0° over Illinois (the leg's middle) and 12.5° W at New York.
    const r = runFlightPlan(makeRoute([makeWaypoint('KSFO', 37.619, -122.375), makeWaypoint('KJFK', 40.64, -73.779)]), profile, { now: NOW });
    expect(Math.abs((r.all_legs[0]?.variation ?? NaN) - magvar(37.619, -122.375, 0, new Date(NOW)))).toBeLessThan(0.05);
  });
});

describe('elevated airports', () => {
  it('climbs from the departure elevation and descends to the destination elevation', () => {
    // Climb 1,000 → 6,000 ft: 10 min at 79 kt = 13.1667 nm; descent 6,000 → 3,000 ft: 6 min at 105 kt = 10.5 nm.
    const r = runFlightPlan(makeRoute([north('KAAA', 0, 1000), north('KDDD', 80, 3000)]), profile, { now: NOW });
    expect(r.toc?.distanceFromStart).toBeCloseTo(13.1667, 3);
    expect(r.tod?.distanceFromStart).toBeCloseTo(80 - 10.5, 3);
    expect(r.total_min).toBeCloseTo(10 + 6 + ((80 - 13.1667 - 10.5) / 140) * 60, 3);
  });

  it('a cruise altitude below the field has no climb', () => {
    const r = runFlightPlan(makeRoute([north('KAAA', 0, 7000), north('KDDD', 80, 0)]), profile, { now: NOW });
    expect(r.toc).toBeNull();
    expect(r.cruise_altitude_flown).toBe(7000);
    expect(r.tod?.distanceFromStart).toBeCloseTo(80 - (7000 / 500) * (105 / 60), 6);
  });
});

describe('a route too short to reach cruise', () => {
  it('climbs, then descends at the crossover with the cruise altitude capped', () => {
    // Climb costs 79/60/500 nm per ft and descent 105/60/500: 30 nm / 0.00613333 = 4,891.3 ft.
    const r = runFlightPlan(makeRoute([north('KAAA', 0), north('KDDD', 30)]), profile, { now: NOW });
    expect(r.vertical_profile).toBe('short');
    expect(r.cruise_altitude_flown).toBeCloseTo(4891.3, 0);
    expect(r.toc?.distanceFromStart).toBeCloseTo(12.88, 1);
    expect(r.tod?.distanceFromStart).toBeCloseTo(r.toc?.distanceFromStart ?? NaN, 1);
    const leg = r.all_legs[0];
    expect((leg?.climb ?? 0) + (leg?.descent ?? 0)).toBeCloseTo(30, 6);
    // Time: 4,891.3/500 min climbing and as long descending.
    expect(r.total_min).toBeCloseTo((2 * 4891.3) / 500, 1);
  });

  it('with a climb that cannot fit at all, flies at the higher elevation and still adds up', () => {
    const r = runFlightPlan(makeRoute([north('KAAA', 0, 0), north('KDDD', 2, 5000)]), profile, { now: NOW });
    expect(r.vertical_profile).toBe('short');
    expect(r.cruise_altitude_flown).toBe(5000);
    const leg = r.all_legs[0];
    expect((leg?.climb ?? 0) + (leg?.descent ?? 0)).toBeLessThanOrEqual(2 + 1e-9);
  });
});

describe('winds aloft', () => {
  it('flies each phase in the sampled wind, records the samples and the temperature', () => {
    const winds = constantWinds(360, 20, -5);
    const r = runFlightPlan(makeRoute([east('KAAA', 0), east('B', 50), east('C', 100), east('KDDD', 150)]), profile, { now: NOW, winds });
    expect(r.winds_status).toBe('forecast');
    // Leg B→C is all cruise, course 090, wind 360/20: GS = windTriangle(90, 140, 360, 20).
    const cruise = windTriangle(90, 140, 360, 20);
    const leg = r.all_legs[1];
    expect(leg?.climb).toBe(0);
    expect(leg?.descent).toBe(0);
    expect(leg?.gs).toBeCloseTo(cruise.gsKt, 9);
    expect(leg?.mh).toBeCloseTo(90 + cruise.wcaDeg - (leg?.variation ?? NaN), 9);
    expect(leg?.wxPoints).toEqual([{ station_id: 'ABC', lat: 1, lon: 2, passing: 0.5, aloft: [360, 20, -5, 360, 20, -5] }]);
    expect(r.avg_temp).toBeCloseTo(-5, 9);
    expect(r.unknown_temp).toBe(false);
    // The first leg climbs then cruises: two samples.
    expect(r.all_legs[0]?.wxPoints).toHaveLength(2);
  });

  it("keeps each leg's wind, true heading and the forecasts its samples name", () => {
    const tagged = (id: string, from: number): WindsAloftSource => ({
      windAt: (q) => ({
        directionDeg: 360,
        speedKt: 20,
        temperatureC: -5,
        stationId: 'ABC',
        stationLat: 1,
        stationLon: 2,
        aloft: [360, 20, -5, 360, 20, -5],
        // Legs passed before NOW + 30 min are in the first forecast, later ones in the second.
        forecast: q.timeMs < NOW + 30 * 60_000 ? { id, use_from: from, use_to: from + 1 } : { id: `${id}-2`, use_from: from + 1, use_to: from + 2 },
      }),
    });
    const r = runFlightPlan(makeRoute([east('KAAA', 0), east('B', 50), east('C', 100), east('KDDD', 150)]), profile, { now: NOW, winds: tagged('FB1', 5) });
    const leg = r.all_legs[1];
    const cruise = windTriangle(90, 140, 360, 20);
    expect(leg?.wind).toEqual({ direction: 360, speed: 20, temperature: -5, altitude: 6000 });
    expect(leg?.true_heading).toBeCloseTo(90 + cruise.wcaDeg, 9);
    expect(r.legs[1]?.wind).toEqual(leg?.wind);
    expect(r.legs[1]?.true_heading).toBe(leg?.true_heading);
    expect(r.winds_forecasts).toEqual([
      { id: 'FB1', use_from: 5, use_to: 6 },
      { id: 'FB1-2', use_from: 6, use_to: 7 },
    ]);
    // In calm air: no wind, the heading is the course, no forecasts.
    const calm = runFlightPlan(makeRoute([east('KAAA', 0), east('B', 50)]), profile, { now: NOW });
    expect(calm.all_legs[0]?.wind).toBeUndefined();
    expect(calm.all_legs[0]?.true_heading).toBeCloseTo(calm.all_legs[0]?.true_course ?? NaN, 9);
    expect(calm.winds_forecasts).toEqual([]);
  });

  it('a sample without temperature uses ISA and flags it', () => {
    const r = runFlightPlan(makeRoute([east('KAAA', 0), east('KDDD', 150)]), profile, { now: NOW, winds: constantWinds(270, 10, null) });
    expect(r.avg_temp).toBeCloseTo(isaTemperatureC(6000), 9);
    expect(r.unknown_temp).toBe(true);
  });

  it('a source with nothing there means calm and winds unavailable', () => {
    const none: WindsAloftSource = { windAt: () => null };
    const r = runFlightPlan(makeRoute([east('KAAA', 0), east('KDDD', 150)]), profile, { now: NOW, winds: none });
    const calm = runFlightPlan(makeRoute([east('KAAA', 0), east('KDDD', 150)]), profile, { now: NOW });
    expect(r.winds_status).toBe('unavailable');
    expect(r.total_min).toBeCloseTo(calm.total_min, 9);
  });

  it('a wind the aircraft cannot make headway against marks the leg with errors', () => {
    const r = runFlightPlan(makeRoute([east('KAAA', 0), east('KDDD', 150)]), profile, { now: NOW, winds: constantWinds(90, 200, 0) });
    expect(r.all_legs[0]?.has_errors).toBe(true);
    expect(r.has_errors).toBe(true);
  });

  it('asks for the time of passage from the departure time', () => {
    const times: number[] = [];
    const src: WindsAloftSource = { windAt: (q) => (times.push(q.timeMs), null) };
    runFlightPlan(makeRoute([east('KAAA', 0), east('KDDD', 140)]), { ...profile, etd: 30 }, { now: NOW, winds: src });
    // Midpoint 70 nm at 140 kt = 30 min after an ETD 30 min from now.
    expect(times.length).toBeGreaterThan(0);
    expect(new Set(times)).toEqual(new Set([NOW + 60 * 60_000]));
  });
});

describe('variation, ETD and errors', () => {
  it("uses the model, else the waypoint's published variation, else none", () => {
    const a = north('KAAA', 0);
    const b = north('KDDD', 60);
    const asked: number[][] = [];
    const model = (lat: number, lon: number, t: number) => (asked.push([lat, lon, t]), -3);
    const withOwn = runFlightPlan(makeRoute([{ ...a, variation: 10 }, b]), profile, { now: NOW, variationAt: model });
    expect(withOwn.all_legs[0]?.course).toBeCloseTo(3, 9);
    // Asked at the leg's start for the departure time.
    expect(asked).toEqual([[0, 0, NOW]]);
    const published = runFlightPlan(makeRoute([{ ...a, variation: 10 }, b]), profile, { now: NOW, variationAt: () => null });
    expect(published.all_legs[0]?.course).toBeCloseTo(350, 9);
    expect(published.all_legs[0]?.variation_available).toBe(true);
    const unknown = runFlightPlan(makeRoute([a, b]), profile, { now: NOW, variationAt: () => null });
    expect(unknown.all_legs[0]?.variation_available).toBe(false);
    expect(unknown.all_legs[0]?.course).toBeCloseTo(0, 9);
  });

  it('departs at etd_iso when given, else now + etd minutes', () => {
    const route = makeRoute([north('KAAA', 0), north('KDDD', 60)]);
    expect(runFlightPlan(route, { ...profile, etd: 15 }, { now: NOW }).etd_ms).toBe(NOW + 15 * 60_000);
    expect(runFlightPlan(route, { ...profile, etd_iso: '2026-11-22T09:05:00Z' }, { now: NOW }).etd_ms).toBe(Date.UTC(2026, 10, 22, 9, 5));
  });

  it('a leg to an invalid waypoint has errors and adds nothing', () => {
    const r = runFlightPlan(makeRoute([north('KAAA', 0), { ...north('XYZ', 0), invalid: true }, north('KDDD', 100)]), profile, { now: NOW });
    expect(r.all_legs.map((l) => l.has_errors)).toEqual([true, true]);
    expect(r.total_distance).toBe(0);
    expect(r.has_errors).toBe(true);
  });

  it('an empty or one-point route has no legs and unknown temperature', () => {
    const r = runFlightPlan(makeRoute([north('KAAA', 0)]), profile, { now: NOW });
    expect(r.all_legs).toEqual([]);
    expect(r.total_distance).toBe(0);
    expect(r.avg_temp).toBe(UNKNOWN_TEMP);
    expect(r.toc).toBeNull();
  });
});

describe('top-level legs over expanded waypoints', () => {
  it('sums the expanded legs of an airway into one leg', () => {
    const p1 = north('P1', 40);
    const p2 = north('P2', 70);
    const awy = makeWaypoint('V25', p2.location.lat, 0, { type: 'AIRWAY', expanded_waypoints: [p1, p2], fixed: true });
    const a = north('KAAA', 0);
    const d = north('KDDD', 100);
    const r = runFlightPlan(makeRoute([a, awy, d], [a, p1, p2, d]), profile, { now: NOW });
    expect(r.all_legs).toHaveLength(3);
    expect(r.legs).toHaveLength(2);
    expect(r.legs[0]?.distance).toBeCloseTo(70, 6);
    expect(r.legs[1]?.distance).toBeCloseTo(30, 6);
    expect(r.legs[0]?.time).toBeCloseTo((r.all_legs[0]?.time ?? 0) + (r.all_legs[1]?.time ?? 0), 9);
    expect(r.legs[1]?.cum_time).toBeCloseTo(r.total_min, 9);
    expect(r.legs.map((l) => l.has_errors)).toEqual([false, false]);
  });
});
