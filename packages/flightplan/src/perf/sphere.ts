/**
 * The spec's sphere (radius 3440.07019148103 nm) for spherical estimates: distances to go, bearings
 * to the next point, winds-aloft sample points. The maths lives in @clearway/geo; these take the
 * route model's `{lat, lon}`. A navlog leg's distance and course use geo's WGS84 `geodesicLeg`.
 */
import { greatCircleDistanceNm, greatCircleInitialCourseDeg, greatCircleIntermediatePoint, normalize360 } from '@clearway/geo';
import type { LatLon } from '../model.js';

/** Degrees normalised to [0, 360) (geo's normalize360, under the engine's name). */
export const normalizeDeg = normalize360;

/** Degrees normalised to (-180, 180]. */
export function signedDeg(deg: number): number {
  const d = normalizeDeg(deg);
  return d > 180 ? d - 360 : d;
}

/** Great-circle distance on the spec's sphere, nautical miles. */
export function distanceNm(a: LatLon, b: LatLon): number {
  return greatCircleDistanceNm(a.lat, a.lon, b.lat, b.lon);
}

/** Initial great-circle course from `a` to `b`, degrees true in [0, 360); 0 for coincident points. */
export function initialCourseDegTrue(a: LatLon, b: LatLon): number {
  return greatCircleInitialCourseDeg(a.lat, a.lon, b.lat, b.lon);
}

/** The point a `fraction` (0..1) of the way along the great circle from `a` to `b`; `a` for coincident points. */
export function intermediatePoint(a: LatLon, b: LatLon, fraction: number): LatLon {
  const p = greatCircleIntermediatePoint(a.lat, a.lon, b.lat, b.lon, fraction);
  return { lat: p.latDeg, lon: p.lonDeg };
}
