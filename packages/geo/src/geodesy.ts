import { EARTH_RADIUS_NM } from './constants.js';

const DEG_TO_RAD = Math.PI / 180;

/**
 * Great-circle distance between two points on the spherical Earth (radius `EARTH_RADIUS_NM`), in
 * nautical miles. Positions in degrees, north and east positive. Haversine form, so it stays accurate
 * for short legs; antipodal points give half the circumference.
 */
export function greatCircleDistanceNm(lat1Deg: number, lon1Deg: number, lat2Deg: number, lon2Deg: number): number {
  const phi1 = lat1Deg * DEG_TO_RAD;
  const phi2 = lat2Deg * DEG_TO_RAD;
  const sinDPhi = Math.sin((phi2 - phi1) / 2);
  const sinDLambda = Math.sin((lon2Deg - lon1Deg) * DEG_TO_RAD / 2);
  const h = sinDPhi * sinDPhi + Math.cos(phi1) * Math.cos(phi2) * sinDLambda * sinDLambda;
  // min() guards against h creeping above 1 by rounding for antipodal points.
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.sqrt(Math.min(1, h)));
}

/**
 * Shortest great-circle distance from a point to any point whose longitude lies `deltaLonDeg` or more
 * away (east or west), in nautical miles: the distance to the nearest of the two bounding meridians.
 * A lower bound used by spatial searches to know when farther grid cells cannot hold anything nearer.
 * `deltaLonDeg` is clamped to [0, 180].
 */
export function distanceToMeridianNm(latDeg: number, deltaLonDeg: number): number {
  const d = Math.min(180, Math.max(0, deltaLonDeg));
  // Beyond 90 degrees the nearest point of a half-meridian is the nearer pole.
  if (d >= 90) return (90 - Math.abs(latDeg)) * DEG_TO_RAD * EARTH_RADIUS_NM;
  const s = Math.cos(latDeg * DEG_TO_RAD) * Math.sin(d * DEG_TO_RAD);
  return Math.asin(Math.min(1, Math.max(0, s))) * EARTH_RADIUS_NM;
}

/** Nautical miles per degree of latitude (arc of a great circle) on the spherical Earth. */
export const NM_PER_DEG = EARTH_RADIUS_NM * DEG_TO_RAD;
