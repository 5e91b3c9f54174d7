import { createHash } from 'node:crypto';
import { EARTH_RADIUS_NM, NM_PER_DEG, greatCircleCrossTrackNm, greatCircleDistanceNm, greatCircleInitialCourseDeg } from '@clearway/geo';
import { CORRIDOR_MAX_LENGTH_NM, type LonLatBoundsDeg } from '@clearway/protocol';
import { tileBounds, type TileAddress } from './tileMath.js';

/** A route's legs, `[lonDeg, latDeg]` each, and how far either side of them a corridor pack reaches. */
export interface Corridor {
  points: readonly (readonly [number, number])[];
  bufferNm: number;
}

/** Great-circle distance from P to the leg A-B, nautical miles (to an end when P is beyond it). */
export function distanceToLegNm(p: readonly [number, number], a: readonly [number, number], b: readonly [number, number]): number {
  const [lonP, latP] = p;
  const [lonA, latA] = a;
  const [lonB, latB] = b;
  const legNm = greatCircleDistanceNm(latA, lonA, latB, lonB);
  const fromA = greatCircleDistanceNm(latA, lonA, latP, lonP);
  if (legNm === 0) return fromA;
  const offDeg = greatCircleInitialCourseDeg(latA, lonA, latP, lonP) - greatCircleInitialCourseDeg(latA, lonA, latB, lonB);
  // Behind A (more than 90 degrees off the leg's course): A is the nearest point.
  if (Math.cos((offDeg * Math.PI) / 180) <= 0) return fromA;
  const crossNm = greatCircleCrossTrackNm(fromA, offDeg);
  const alongNm = Math.acos(Math.max(-1, Math.min(1, Math.cos(fromA / EARTH_RADIUS_NM) / Math.cos(crossNm / EARTH_RADIUS_NM)))) * EARTH_RADIUS_NM;
  if (alongNm >= legNm) return greatCircleDistanceNm(latB, lonB, latP, lonP);
  return Math.abs(crossNm);
}

/** Distance from P to the nearest leg of the route, nautical miles. */
export function distanceToRouteNm(p: readonly [number, number], points: Corridor['points']): number {
  let best = Infinity;
  for (let i = 1; i < points.length; i++) best = Math.min(best, distanceToLegNm(p, points[i - 1]!, points[i]!));
  return best;
}

/** The route's length, nautical miles (sum of the great-circle legs). */
export function routeLengthNm(points: Corridor['points']): number {
  let sum = 0;
  for (let i = 1; i < points.length; i++) sum += greatCircleDistanceNm(points[i - 1]![1], points[i - 1]![0], points[i]![1], points[i]![0]);
  return sum;
}

/** What is wrong with a corridor (too long a route, legs across the antimeridian), or null. */
export function corridorProblem(corridor: Corridor): string | null {
  const length = routeLengthNm(corridor.points);
  if (length > CORRIDOR_MAX_LENGTH_NM) return `points: the route is ${Math.round(length)} nm long; a corridor pack is built for routes of at most ${CORRIDOR_MAX_LENGTH_NM} nm`;
  for (let i = 1; i < corridor.points.length; i++) {
    if (Math.abs(corridor.points[i]![0] - corridor.points[i - 1]![0]) > 180) return `points.${i}: the leg from point ${i - 1} crosses the antimeridian, which corridor packs do not cover`;
  }
  return null;
}

/** The box of the route grown by the buffer on every side, degrees (clamped to the Mercator world). */
export function corridorBounds(corridor: Corridor): LonLatBoundsDeg {
  const lons = corridor.points.map((point) => point[0]);
  const lats = corridor.points.map((point) => point[1]);
  const dLat = corridor.bufferNm / NM_PER_DEG;
  const south = Math.max(-85, Math.min(...lats) - dLat);
  const north = Math.min(85, Math.max(...lats) + dLat);
  // A degree of longitude is shortest at the latitude farthest from the equator.
  const dLon = corridor.bufferNm / (NM_PER_DEG * Math.cos((Math.max(Math.abs(south), Math.abs(north)) * Math.PI) / 180));
  const round = (value: number) => Math.round(value * 1e4) / 1e4;
  return [round(Math.max(-180, Math.min(...lons) - dLon)), round(south), round(Math.min(180, Math.max(...lons) + dLon)), round(north)];
}

/**
 * Whether a tile reaches within the buffer of the route: its centre within the buffer plus half its
 * diagonal (so a tile the corridor's edge crosses is kept; a few just outside may be too).
 */
export function tileInCorridor(tile: TileAddress, corridor: Corridor): boolean {
  const [west, south, east, north] = tileBounds(tile.z, tile.x, tile.y);
  const centre: [number, number] = [(west + east) / 2, (south + north) / 2];
  const halfDiagonalNm = greatCircleDistanceNm(south, west, north, east) / 2;
  return distanceToRouteNm(centre, corridor.points) <= corridor.bufferNm + halfDiagonalNm;
}

/** `route-{12 hex}`: the same points (to 1e-4 degrees) and buffer give the same id, so a pack is built once. */
export function corridorId(corridor: Corridor): string {
  const key = JSON.stringify({ p: corridor.points.map(([lon, lat]) => [Number(lon.toFixed(4)), Number(lat.toFixed(4))]), b: corridor.bufferNm });
  return `route-${createHash('sha256').update(key).digest('hex').slice(0, 12)}`;
}
