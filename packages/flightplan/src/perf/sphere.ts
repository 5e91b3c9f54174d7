import { EARTH_RADIUS_NM, greatCircleDistanceNm, normalize360 } from '@clearway/geo';
import type { LatLon } from '../model.js';

const DEG = Math.PI / 180;

/** Degrees normalised to [0, 360) (geo's normalize360, under the engine's name). */
export const normalizeDeg = normalize360;

/** Degrees normalised to (-180, 180]. */
export function signedDeg(deg: number): number {
  const d = normalizeDeg(deg);
  return d > 180 ? d - 360 : d;
}

/** Great-circle distance on the spec's sphere (radius 3440.07019148103 nm), nautical miles. */
export function distanceNm(a: LatLon, b: LatLon): number {
  return greatCircleDistanceNm(a.lat, a.lon, b.lat, b.lon);
}

/** Initial great-circle course from `a` to `b`, degrees true in [0, 360); 0 for coincident points. */
export function initialCourseDegTrue(a: LatLon, b: LatLon): number {
  const phi1 = a.lat * DEG;
  const phi2 = b.lat * DEG;
  const dLambda = (b.lon - a.lon) * DEG;
  const y = Math.sin(dLambda) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLambda);
  if (x === 0 && y === 0) return 0;
  return normalizeDeg(Math.atan2(y, x) / DEG);
}

/**
 * The point a `fraction` (0..1) of the way along the great circle from `a` to `b` (spherical
 * interpolation); `a` itself for coincident points.
 */
export function intermediatePoint(a: LatLon, b: LatLon, fraction: number): LatLon {
  const delta = distanceNm(a, b) / EARTH_RADIUS_NM;
  if (delta < 1e-12) return { lat: a.lat, lon: a.lon };
  const phi1 = a.lat * DEG;
  const lambda1 = a.lon * DEG;
  const phi2 = b.lat * DEG;
  const lambda2 = b.lon * DEG;
  const sinDelta = Math.sin(delta);
  const wa = Math.sin((1 - fraction) * delta) / sinDelta;
  const wb = Math.sin(fraction * delta) / sinDelta;
  const x = wa * Math.cos(phi1) * Math.cos(lambda1) + wb * Math.cos(phi2) * Math.cos(lambda2);
  const y = wa * Math.cos(phi1) * Math.sin(lambda1) + wb * Math.cos(phi2) * Math.sin(lambda2);
  const z = wa * Math.sin(phi1) + wb * Math.sin(phi2);
  return { lat: Math.atan2(z, Math.hypot(x, y)) / DEG, lon: Math.atan2(y, x) / DEG };
}
