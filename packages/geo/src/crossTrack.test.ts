import geodesic from 'geographiclib-geodesic';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_NM, greatCircleCrossTrackNm, greatCircleDistanceNm, greatCircleInitialCourseDeg } from './index.js';

// The oracle: the track and the point are placed by GeographicLib on a sphere of the spec's radius
// (flattening 0): the start, a second point of the track 1000 nm along it, and the point (a direct
// problem from the start). The point's distance from the track's great circle is then found by vector
// algebra, not spherical trigonometry: R·asin(n·p) for the unit normal n of the circle's plane
// (start × second point), positive to the left of the track.
const M_PER_NM = 1852;
const sphere = new geodesic.Geodesic.Geodesic(EARTH_RADIUS_NM * M_PER_NM, 0);
const ALL = geodesic.Geodesic.STANDARD;
const QUARTER_NM = (Math.PI / 2) * EARTH_RADIUS_NM;

type Vec = [number, number, number];
const unit = (latDeg: number, lonDeg: number): Vec => {
  const [phi, lambda] = [(latDeg * Math.PI) / 180, (lonDeg * Math.PI) / 180];
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
};
const cross = (a: Vec, b: Vec): Vec => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: Vec, b: Vec): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** The oracle's cross-track distance, nautical miles, right of the great circle leaving (lat, lon) on `courseDeg` positive. */
function crossTrackOracleNm(lat: number, lon: number, courseDeg: number, pLat: number, pLon: number): number {
  const b = sphere.Direct(lat, lon, courseDeg, 1000 * M_PER_NM, ALL);
  const n = cross(unit(lat, lon), unit(b.lat2 ?? NaN, b.lon2 ?? NaN));
  const norm = Math.sqrt(dot(n, n));
  return -Math.asin(dot(n, unit(pLat, pLon)) / norm) * EARTH_RADIUS_NM;
}

// Starts, track courses, distances to the point (nm) and the point's angle off the track (degrees):
// a few feet to a quarter of the Earth, either side, ahead and behind, near a pole and across the antimeridian.
const CASES: [number, number, number, number, number][] = [
  [37.721, -122.221, 99, 20, 3],
  [37.721, -122.221, 99, 20, -3],
  [38.332, -75.51, 111, 45.7, 0.4],
  [0, 0, 90, 0.05, 60],
  [0, 179.5, 270, 300, -25],
  [-33.9, 151.2, 250, 1200, 170],
  [89.2, 40, 10, 150, -95],
  [51.47, -0.46, 300, 5000, 45],
  [10, 20, 0, QUARTER_NM, 30],
];

describe('greatCircleCrossTrackNm (spherical, spec radius)', () => {
  it('matches the oracle to 1e-6 nm, sign included (right of the track positive)', () => {
    for (const [lat, lon, track, nm, off] of CASES) {
      const p = sphere.Direct(lat, lon, track + off, nm * M_PER_NM, ALL);
      const pLat = p.lat2 ?? NaN;
      const pLon = p.lon2 ?? NaN;
      // Distance and course to the point as callers measure them, on the sphere.
      const got = greatCircleCrossTrackNm(greatCircleDistanceNm(lat, lon, pLat, pLon), greatCircleInitialCourseDeg(lat, lon, pLat, pLon) - track);
      const label = `${lat},${lon} track ${track}: ${nm} nm at ${off} deg`;
      expect(Math.abs(got - crossTrackOracleNm(lat, lon, track, pLat, pLon)), label).toBeLessThan(1e-6);
      expect(Math.sign(got), label).toBe(Math.sign(Math.sin((off * Math.PI) / 180)));
    }
  });

  it('gives the hand-worked figures', () => {
    const nmPerDeg = (EARTH_RADIUS_NM * Math.PI) / 180; // 60.0405 nm
    // A point 0.01 degree of arc north of an eastbound equator track is 0.6004 nm left of it.
    expect(greatCircleCrossTrackNm(nmPerDeg * Math.hypot(1, 0.01), -Math.atan2(0.01, 1) * (180 / Math.PI))).toBeCloseTo(-0.6004, 4);
    // Abeam the start, 20 nm away: 20 nm off. Straight ahead or behind: on the circle.
    expect(greatCircleCrossTrackNm(20, 90)).toBeCloseTo(20, 9);
    expect(greatCircleCrossTrackNm(20, -270)).toBeCloseTo(20, 9);
    expect(greatCircleCrossTrackNm(20, 0)).toBe(0);
    expect(greatCircleCrossTrackNm(20, 180)).toBeCloseTo(0, 9);
    // 30 degrees off at a quarter of the Earth: asin(sin 30°) = 30 degrees of arc, 1801.2 nm.
    expect(greatCircleCrossTrackNm(QUARTER_NM, 30)).toBeCloseTo(30 * nmPerDeg, 6);
    // The start itself is on every track.
    expect(greatCircleCrossTrackNm(0, 73)).toBe(0);
  });
});
