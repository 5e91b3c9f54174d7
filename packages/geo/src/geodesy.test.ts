import { describe, expect, it } from 'vitest';
import { distanceToMeridianNm, EARTH_RADIUS_NM, greatCircleDistanceNm, NM_PER_DEG } from './index.js';

describe('great-circle distance', () => {
  it('one degree of latitude is 60 nm on the spec Earth radius', () => {
    expect(greatCircleDistanceNm(0, 0, 1, 0)).toBeCloseTo(60.04, 2);
    expect(NM_PER_DEG).toBeCloseTo(60.04, 2);
  });

  it('KSFO to KLAX is about 293 nm', () => {
    expect(greatCircleDistanceNm(37.618972, -122.374889, 33.942536, -118.408075)).toBeCloseTo(293.4, 0);
  });

  it('is symmetric, zero for the same point, and half the circumference for antipodes', () => {
    expect(greatCircleDistanceNm(10, 20, -30, 40)).toBeCloseTo(greatCircleDistanceNm(-30, 40, 10, 20), 9);
    expect(greatCircleDistanceNm(45, 7, 45, 7)).toBe(0);
    expect(greatCircleDistanceNm(0, 0, 0, 180)).toBeCloseTo(Math.PI * EARTH_RADIUS_NM, 6);
  });

  it('crosses the antimeridian the short way', () => {
    expect(greatCircleDistanceNm(0, 179.5, 0, -179.5)).toBeCloseTo(60.04, 2);
  });
});

describe('distance to a meridian', () => {
  it('is zero at zero offset and a degree of arc on the equator per degree', () => {
    expect(distanceToMeridianNm(40, 0)).toBe(0);
    expect(distanceToMeridianNm(0, 1)).toBeCloseTo(60.04, 2);
  });

  it('never exceeds the distance to any point on that meridian', () => {
    for (const lat of [-80, -30, 0, 45, 89]) {
      for (const dLon of [0.5, 10, 89, 120, 180]) {
        const bound = distanceToMeridianNm(lat, dLon);
        for (let lat2 = -90; lat2 <= 90; lat2 += 0.5) {
          expect(greatCircleDistanceNm(lat, 0, lat2, dLon)).toBeGreaterThanOrEqual(bound - 1e-9);
        }
      }
    }
  });
});
