import fc from 'fast-check';
import { geodesicDistanceNm } from '@clearway/geo';
import { describe, expect, it } from 'vitest';
import type { WindsAloftSource } from '../model.js';
import { DEFAULT_PROFILE } from '../model.js';
import { runFlightPlan } from './flightPlan.js';
import { distanceNm } from './sphere.js';
import { makeRoute, makeWaypoint } from '../testing/testRoute.js';

const NOW = Date.UTC(2026, 10, 21, 18, 0);
const usPoint = fc.record({ lat: fc.double({ min: 25, max: 49, noNaN: true }), lon: fc.double({ min: -125, max: -67, noNaN: true }) });
const elevation = fc.integer({ min: 0, max: 8000 });

/** Winds varying with place and altitude so every leg and phase sees a different triangle. */
const varyingWinds: WindsAloftSource = {
  windAt: ({ lat, lon, altitudeFt }) => ({
    directionDeg: (lat * 37 + lon * 11 + altitudeFt / 100) % 360,
    speedKt: 5 + ((altitudeFt / 1000) * 4 + Math.abs(lon)) % 50,
    temperatureC: 15 - altitudeFt / 500,
    stationId: 'X',
    stationLat: lat,
    stationLon: lon,
    aloft: [0, 0, 0, 0, 0, 0],
  }),
};

describe('distances against WGS84 geodesics', () => {
  it('the spherical great circle is within 0.5% of the WGS84 geodesic across the US latitudes', () => {
    // Near the equator a north–south leg differs by up to 0.56% (1° of latitude is 59.7 nm on WGS84 there).
    fc.assert(
      fc.property(usPoint, usPoint, (a, b) => {
        const sphere = distanceNm(a, b);
        const wgs = geodesicDistanceNm(a.lat, a.lon, b.lat, b.lon);
        fc.pre(wgs > 1);
        expect(Math.abs(sphere - wgs) / wgs).toBeLessThan(0.005);
      }),
      { numRuns: 500 },
    );
  });

  it('KSFO–KLAX matches the geodesic within 0.5%', () => {
    const sfo = { lat: 37.618972, lon: -122.374889 };
    const lax = { lat: 33.942536, lon: -118.408075 };
    const wgs = geodesicDistanceNm(sfo.lat, sfo.lon, lax.lat, lax.lon);
    expect(Math.abs(distanceNm(sfo, lax) - wgs) / wgs).toBeLessThan(0.005);
  });
});

describe('navlog totals (property)', () => {
  it('leg distances, times and fuel add up to the totals, and phases fit in their legs', () => {
    fc.assert(
      fc.property(
        fc.array(usPoint, { minLength: 2, maxLength: 8 }),
        elevation,
        elevation,
        fc.integer({ min: 1000, max: 18000 }),
        fc.boolean(),
        (pts, depElev, destElev, altitude, withWinds) => {
          const wps = pts.map((p, i) =>
            makeWaypoint(`W${i}`, p.lat, p.lon, { elevation: i === 0 ? depElev : i === pts.length - 1 ? destElev : -9999 }),
          );
          const r = runFlightPlan(makeRoute(wps), { ...DEFAULT_PROFILE, altitude }, { now: NOW, winds: withWinds ? varyingWinds : null });
          const sum = (f: (l: (typeof r.all_legs)[number]) => number) => r.all_legs.reduce((s, l) => s + f(l), 0);
          expect(r.all_legs).toHaveLength(pts.length - 1);
          expect(sum((l) => l.distance)).toBeCloseTo(r.total_distance, 6);
          expect(sum((l) => l.time)).toBeCloseTo(r.total_min, 6);
          expect(sum((l) => l.fuel)).toBeCloseTo(r.total_fuel, 6);
          expect(r.fuel_remaining).toBeCloseTo(DEFAULT_PROFILE.starting_fuel - r.total_fuel, 6);
          const last = r.all_legs[r.all_legs.length - 1];
          expect(last?.cum_distance).toBeCloseTo(r.total_distance, 6);
          expect(last?.cum_time).toBeCloseTo(r.total_min, 6);
          for (const l of r.all_legs) {
            expect(l.climb + l.descent).toBeLessThanOrEqual(l.distance + 1e-6);
            expect(l.climb).toBeGreaterThanOrEqual(0);
            expect(l.descent).toBeGreaterThanOrEqual(0);
            if (!l.has_errors && l.distance > 1e-6) expect(l.gs).toBeGreaterThan(0);
          }
          // Climb and descent never overlap: TOC is at or before TOD.
          if (r.toc && r.tod) expect(r.toc.distanceFromStart).toBeLessThanOrEqual(r.tod.distanceFromStart + 1e-6);
          expect(r.cruise_altitude_flown).toBeLessThanOrEqual(Math.max(altitude, depElev, destElev) + 1e-6);
        },
      ),
      { numRuns: 300 },
    );
  });
});
