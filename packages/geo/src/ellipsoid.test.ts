import { describe, expect, it } from 'vitest';
import { geodesicDistanceNm, geodesicInitialCourseDeg, greatCircleDistanceNm } from './index.js';

describe('WGS84 geodesics', () => {
  it('a degree of latitude at the equator is 59.7 nm and at the pole 60.3 nm (ellipsoid flattening)', () => {
    // Meridian arc lengths of WGS84: 110,574 m at the equator, 111,694 m near the pole.
    expect(geodesicDistanceNm(0, 0, 1, 0) * 1852).toBeCloseTo(110574.4, 0);
    expect(geodesicDistanceNm(89, 0, 90, 0) * 1852).toBeCloseTo(111693.9, 0);
  });

  it('KSFO to KLAX is within 0.2 % of the spherical distance and heads south-east', () => {
    const nm = geodesicDistanceNm(37.618972, -122.374889, 33.942536, -118.408075);
    const sphere = greatCircleDistanceNm(37.618972, -122.374889, 33.942536, -118.408075);
    expect(Math.abs(nm - sphere) / sphere).toBeLessThan(0.002);
    expect(nm).toBeCloseTo(293.2, 1);
    expect(geodesicInitialCourseDeg(37.618972, -122.374889, 33.942536, -118.408075)).toBeCloseTo(137.5, 1);
  });

  it('courses are in [0, 360), due west is 270, and coincident points give 0', () => {
    expect(geodesicInitialCourseDeg(0, 10, 0, 9)).toBeCloseTo(270, 9);
    expect(geodesicInitialCourseDeg(10, 0, 11, 0)).toBeCloseTo(0, 9);
    expect(geodesicInitialCourseDeg(45, 7, 45, 7)).toBe(0);
    expect(geodesicDistanceNm(45, 7, 45, 7)).toBe(0);
  });

  it('crosses the antimeridian the short way', () => {
    // A degree of longitude on the equator is a·π/180 = 111,319.5 m.
    expect(geodesicDistanceNm(0, 179.5, 0, -179.5) * 1852).toBeCloseTo(111319.5, 0);
    expect(geodesicInitialCourseDeg(0, 179.5, 0, -179.5)).toBeCloseTo(90, 6);
  });
});
