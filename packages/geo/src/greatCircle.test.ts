import geodesic from 'geographiclib-geodesic';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_NM, greatCircleDestination, greatCircleDistanceNm, greatCircleInitialCourseDeg, greatCircleIntermediatePoint } from './index.js';

// The oracle: GeographicLib on a sphere of the spec's radius (flattening 0), an independent
// implementation of the same great circles (Karney's algorithm, not the formulas under test).
const M_PER_NM = 1852;
const sphere = new geodesic.Geodesic.Geodesic(EARTH_RADIUS_NM * M_PER_NM, 0);
const ALL = geodesic.Geodesic.STANDARD;

/** Angle between two courses, degrees in [0, 180]. */
const angleDiff = (a: number, b: number): number => Math.abs(((a - b + 540) % 360) - 180);
/** Distance between two positions on the sphere, nautical miles (the oracle's). */
const apartNm = (a: { latDeg: number; lonDeg: number }, b: { latDeg: number; lonDeg: number }): number =>
  (sphere.Inverse(a.latDeg, a.lonDeg, b.latDeg, b.lonDeg, ALL).s12 ?? NaN) / M_PER_NM;

// Pairs from a few feet to nearly antipodal, across the antimeridian and near a pole.
const PAIRS: [number, number, number, number][] = [
  [37.618972, -122.374889, 33.942536, -118.408075], // KSFO-KLAX
  [37.618972, -122.374889, 40.639751, -73.778925], // KSFO-KJFK
  [51.4775, -0.461389, -33.946111, 151.177222], // EGLL-YSSY
  [0, 179.5, 0, -179.5],
  [-10, 170, 15, -160],
  [89.5, 0, 89.5, 120],
  [45, 7, 45.00001, 7.00001],
  [10, 20, -9.9, -159.9],
];

describe('great-circle course, destination and intermediate point (spherical, spec radius)', () => {
  it('the initial course matches GeographicLib on the sphere to 1e-6 degree', () => {
    for (const [lat1, lon1, lat2, lon2] of PAIRS) {
      const oracle = sphere.Inverse(lat1, lon1, lat2, lon2, ALL).azi1 ?? NaN;
      expect(angleDiff(greatCircleInitialCourseDeg(lat1, lon1, lat2, lon2), oracle), `${lat1},${lon1} -> ${lat2},${lon2}`).toBeLessThan(1e-6);
    }
  });

  it('courses are in [0, 360): due west is 270, due north 0, coincident points 0', () => {
    expect(greatCircleInitialCourseDeg(0, 10, 0, 9)).toBeCloseTo(270, 9);
    expect(greatCircleInitialCourseDeg(10, 0, 11, 0)).toBe(0);
    expect(greatCircleInitialCourseDeg(45, 7, 45, 7)).toBe(0);
    expect(greatCircleInitialCourseDeg(0, -179.5, 0, 179.5)).toBeCloseTo(270, 9);
  });

  it('the destination matches GeographicLib direct on the sphere to a foot', () => {
    const cases: [number, number, number, number][] = [
      [37.618972, -122.374889, 137.5, 293.4],
      [0, 179.5, 90, 60],
      [-33.9, 151.2, 250, 5000],
      [89.5, 0, 10, 100],
      [45, 7, 0, 0],
    ];
    for (const [lat, lon, course, nm] of cases) {
      const r = sphere.Direct(lat, lon, course, nm * M_PER_NM, ALL);
      const oracle = { latDeg: r.lat2 ?? NaN, lonDeg: r.lon2 ?? NaN };
      const got = greatCircleDestination(lat, lon, course, nm);
      expect(apartNm(got, oracle) * 6076.12, `${lat},${lon} ${course}° ${nm} nm`).toBeLessThan(1);
      expect(got.lonDeg).toBeGreaterThanOrEqual(-180);
      expect(got.lonDeg).toBeLessThan(180);
    }
  });

  it('the intermediate point lies on the oracle great circle at the fraction of its length', () => {
    for (const [lat1, lon1, lat2, lon2] of PAIRS) {
      const line = sphere.InverseLine(lat1, lon1, lat2, lon2, geodesic.Geodesic.ALL);
      const s13 = sphere.Inverse(lat1, lon1, lat2, lon2, ALL).s12 ?? NaN;
      for (const f of [0, 0.25, 0.5, 0.9, 1]) {
        const p = line.Position(f * s13, ALL);
        const oracle = { latDeg: p.lat2 ?? NaN, lonDeg: p.lon2 ?? NaN };
        expect(apartNm(greatCircleIntermediatePoint(lat1, lon1, lat2, lon2, f), oracle) * 6076.12, `${lat1},${lon1} -> ${lat2},${lon2} at ${f}`).toBeLessThan(1);
      }
    }
  });

  it('the intermediate point of coincident points is the point itself', () => {
    expect(greatCircleIntermediatePoint(45, 7, 45, 7, 0.5)).toEqual({ latDeg: 45, lonDeg: 7 });
  });

  it('destination and course and distance undo each other', () => {
    const p = greatCircleDestination(37.618972, -122.374889, 60, 250);
    expect(greatCircleDistanceNm(37.618972, -122.374889, p.latDeg, p.lonDeg)).toBeCloseTo(250, 6);
    expect(greatCircleInitialCourseDeg(37.618972, -122.374889, p.latDeg, p.lonDeg)).toBeCloseTo(60, 6);
  });
});
