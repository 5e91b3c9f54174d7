import { EARTH_RADIUS_NM, greatCircleCrossTrackNm, greatCircleDistanceNm, greatCircleInitialCourseDeg } from '@clearway/geo';

/** A route point, degrees. */
export interface RoutePoint {
  lat: number;
  lon: number;
}

/**
 * Shortest distance from a point to a route (great-circle legs between `points`), nautical miles: the
 * cross-track distance where the point lies abeam a leg, else the distance to the nearer end.
 */
export function distanceToRouteNm(point: RoutePoint, points: readonly RoutePoint[]): number {
  if (points.length === 0) return Infinity;
  let best = greatCircleDistanceNm(point.lat, point.lon, points[0]!.lat, points[0]!.lon);
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const toB = greatCircleDistanceNm(point.lat, point.lon, b.lat, b.lon);
    best = Math.min(best, toB);
    const legNm = greatCircleDistanceNm(a.lat, a.lon, b.lat, b.lon);
    if (legNm === 0) continue;
    const fromA = greatCircleDistanceNm(a.lat, a.lon, point.lat, point.lon);
    const off = greatCircleInitialCourseDeg(a.lat, a.lon, point.lat, point.lon) - greatCircleInitialCourseDeg(a.lat, a.lon, b.lat, b.lon);
    const xt = greatCircleCrossTrackNm(fromA, off);
    const cosRatio = Math.cos(fromA / EARTH_RADIUS_NM) / Math.cos(xt / EARTH_RADIUS_NM);
    const along = Math.acos(Math.max(-1, Math.min(1, cosRatio))) * EARTH_RADIUS_NM * (Math.cos(((off % 360) * Math.PI) / 180) >= 0 ? 1 : -1);
    if (along >= 0 && along <= legNm) best = Math.min(best, Math.abs(xt));
  }
  return best;
}

/** The box (west, south, east, north) holding a route widened by `widthNm` on every side (no antimeridian crossing). */
export function routeBox(points: readonly RoutePoint[], widthNm: number): [number, number, number, number] {
  const lats = points.map((p) => p.lat);
  const lons = points.map((p) => p.lon);
  const dLat = widthNm / 60;
  const maxAbsLat = Math.min(89, Math.max(...lats.map(Math.abs)) + dLat);
  const dLon = widthNm / (60 * Math.cos((maxAbsLat * Math.PI) / 180));
  return [Math.max(-180, Math.min(...lons) - dLon), Math.max(-90, Math.min(...lats) - dLat), Math.min(180, Math.max(...lons) + dLon), Math.min(90, Math.max(...lats) + dLat)];
}
