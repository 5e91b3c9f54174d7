import { EARTH_RADIUS_NM } from './constants.js';
import { normalize360 } from './angles.js';

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
 * Initial true course of the great circle from point 1 to point 2 on the spherical Earth, degrees in
 * [0, 360). Positions in degrees, north and east positive. 0 for coincident points (the course is
 * undefined there). `geodesicInitialCourseDeg` is the WGS84 course a navlog flies.
 */
export function greatCircleInitialCourseDeg(lat1Deg: number, lon1Deg: number, lat2Deg: number, lon2Deg: number): number {
  const phi1 = lat1Deg * DEG_TO_RAD;
  const phi2 = lat2Deg * DEG_TO_RAD;
  const dLambda = (lon2Deg - lon1Deg) * DEG_TO_RAD;
  const y = Math.sin(dLambda) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLambda);
  if (x === 0 && y === 0) return 0;
  return normalize360(Math.atan2(y, x) / DEG_TO_RAD);
}

/**
 * The point `distanceNm` nautical miles from a start point along the great circle that leaves it on
 * true course `courseDeg`, on the spherical Earth; degrees, longitude in [-180, 180).
 * `geodesicDestination` is the WGS84 answer.
 */
export function greatCircleDestination(latDeg: number, lonDeg: number, courseDeg: number, distanceNm: number): { latDeg: number; lonDeg: number } {
  const delta = distanceNm / EARTH_RADIUS_NM;
  const theta = courseDeg * DEG_TO_RAD;
  const phi1 = latDeg * DEG_TO_RAD;
  const phi2 = Math.asin(Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta));
  const lambda2 =
    lonDeg * DEG_TO_RAD + Math.atan2(Math.sin(theta) * Math.sin(delta) * Math.cos(phi1), Math.cos(delta) - Math.sin(phi1) * Math.sin(phi2));
  return { latDeg: phi2 / DEG_TO_RAD, lonDeg: ((lambda2 / DEG_TO_RAD + 540) % 360) - 180 };
}

/**
 * The point a `fraction` (0..1) of the way along the great circle from point 1 to point 2 on the
 * spherical Earth (spherical interpolation), degrees, longitude in (-180, 180]; point 1 itself for
 * coincident points.
 */
export function greatCircleIntermediatePoint(lat1Deg: number, lon1Deg: number, lat2Deg: number, lon2Deg: number, fraction: number): { latDeg: number; lonDeg: number } {
  const delta = greatCircleDistanceNm(lat1Deg, lon1Deg, lat2Deg, lon2Deg) / EARTH_RADIUS_NM;
  if (delta < 1e-12) return { latDeg: lat1Deg, lonDeg: lon1Deg };
  const phi1 = lat1Deg * DEG_TO_RAD;
  const lambda1 = lon1Deg * DEG_TO_RAD;
  const phi2 = lat2Deg * DEG_TO_RAD;
  const lambda2 = lon2Deg * DEG_TO_RAD;
  const sinDelta = Math.sin(delta);
  const wa = Math.sin((1 - fraction) * delta) / sinDelta;
  const wb = Math.sin(fraction * delta) / sinDelta;
  const x = wa * Math.cos(phi1) * Math.cos(lambda1) + wb * Math.cos(phi2) * Math.cos(lambda2);
  const y = wa * Math.cos(phi1) * Math.sin(lambda1) + wb * Math.cos(phi2) * Math.sin(lambda2);
  const z = wa * Math.sin(phi1) + wb * Math.sin(phi2);
  return { latDeg: Math.atan2(z, Math.hypot(x, y)) / DEG_TO_RAD, lonDeg: Math.atan2(y, x) / DEG_TO_RAD };
}

/**
 * Cross-track distance on the spherical Earth (radius `EARTH_RADIUS_NM`), nautical miles: how far a
 * point lies off the great circle a track follows, from the point's distance from the track's start
 * (`fromStartNm`) and the angle at the start between the track's course and the course to the point
 * (`courseOffTrackDeg`, course to the point minus the track's course, any sign or turn). Positive
 * right of the track, negative left; the distance to the whole great circle, so a point behind the
 * start (more than 90 degrees off) has one too. The caller measures distance and course in the model
 * it needs: on the sphere (`greatCircleDistanceNm`, `greatCircleInitialCourseDeg`) or on WGS84
 * (`geodesicLeg`).
 */
export function greatCircleCrossTrackNm(fromStartNm: number, courseOffTrackDeg: number): number {
  const s = Math.sin(fromStartNm / EARTH_RADIUS_NM) * Math.sin(courseOffTrackDeg * DEG_TO_RAD);
  // The clamp keeps a product rounded past 1 inside asin's domain.
  return Math.asin(Math.max(-1, Math.min(1, s))) * EARTH_RADIUS_NM;
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
