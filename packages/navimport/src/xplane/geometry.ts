/** Spherical-Earth helpers for deriving runway ends and lengths from X-Plane positions. */
import { EARTH_RADIUS_NM, M_PER_FT } from '@clearway/geo';

const RAD = Math.PI / 180;

/** Feet per nautical mile (1852 m exactly). */
export const FT_PER_NM = 1852 / M_PER_FT;

/** Great-circle distance, nautical miles (haversine). */
export function distanceNm(lat1Deg: number, lon1Deg: number, lat2Deg: number, lon2Deg: number): number {
  const dLat = (lat2Deg - lat1Deg) * RAD;
  const dLon = (lon2Deg - lon1Deg) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1Deg * RAD) * Math.cos(lat2Deg * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Initial true bearing from point 1 to point 2, degrees 0..360. */
export function initialBearingDeg(lat1Deg: number, lon1Deg: number, lat2Deg: number, lon2Deg: number): number {
  const phi1 = lat1Deg * RAD;
  const phi2 = lat2Deg * RAD;
  const dLon = (lon2Deg - lon1Deg) * RAD;
  const y = Math.sin(dLon) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLon);
  return ((Math.atan2(y, x) / RAD) % 360 + 360) % 360;
}

/** The point `distNm` from a start along a true bearing, degrees. */
export function destination(latDeg: number, lonDeg: number, bearingDeg: number, distNm: number): { latDeg: number; lonDeg: number } {
  const delta = distNm / EARTH_RADIUS_NM;
  const theta = bearingDeg * RAD;
  const phi1 = latDeg * RAD;
  const phi2 = Math.asin(Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta));
  const lambda2 =
    lonDeg * RAD + Math.atan2(Math.sin(theta) * Math.sin(delta) * Math.cos(phi1), Math.cos(delta) - Math.sin(phi1) * Math.sin(phi2));
  return { latDeg: phi2 / RAD, lonDeg: ((((lambda2 / RAD) + 540) % 360) - 180) };
}

/** Rounds to `digits` decimals. */
export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
