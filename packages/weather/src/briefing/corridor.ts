// Where a report or an area lies against what is briefed: the route's legs (ClearSky's geometry:
// great-circle distance to a leg, the leg crossing a polygon) or a circle around a point. A point
// near the route also gets the time the aircraft passes abeam it, from the legs' ETAs.
import { greatCircleDistanceNm, greatCircleInitialCourseDeg, NM_PER_DEG } from '@clearway/geo';
import { legCrossesArea, pointToSegment, prepareArea, type PreparedArea } from '../clearsky/geometry.js';
import type { ClearSkyLeg, ClearSkyPoint } from '../clearsky/types.js';
import type { BriefingScope } from './types.js';

interface PreparedLeg {
  leg: ClearSkyLeg;
  lengthNm: number;
  courseDeg: number;
  minLat: number;
  maxLat: number;
}

/** Where a point lies: how far from the route or the centre, and when the aircraft is nearest it. */
export interface Abeam {
  distanceNm: number;
  legIndex: number;
  /** Epoch ms: the ETA abeam the point (area: the window's start). */
  timeMs: number;
}

/** The scope prepared for many tests. */
export interface Corridor {
  kind: 'route' | 'area';
  legs: readonly PreparedLeg[];
  /** Area: the circle. */
  center: ClearSkyPoint | null;
  radiusNm: number;
  fromMs: number;
  toMs: number;
}

export function corridorOf(scope: BriefingScope): Corridor {
  if (scope.kind === 'area') {
    return { kind: 'area', legs: [], center: scope.center, radiusNm: scope.radiusNm, fromMs: scope.fromMs, toMs: scope.toMs };
  }
  const legs = scope.legs.map((leg) => {
    const lengthNm = greatCircleDistanceNm(leg.from.lat, leg.from.lon, leg.to.lat, leg.to.lon);
    const courseDeg = lengthNm < 0.01 ? 0 : greatCircleInitialCourseDeg(leg.from.lat, leg.from.lon, leg.to.lat, leg.to.lon);
    return { leg, lengthNm, courseDeg, minLat: Math.min(leg.from.lat, leg.to.lat), maxLat: Math.max(leg.from.lat, leg.to.lat) };
  });
  const first = scope.legs[0];
  const last = scope.legs[scope.legs.length - 1];
  return { kind: 'route', legs, center: null, radiusNm: 0, fromMs: first?.etaStartMs ?? 0, toMs: last?.etaEndMs ?? 0 };
}

/**
 * The nearest approach of the route (or the centre) to `p` when within `widthNm` (area: within the
 * radius plus `widthNm`), else null. Route: the ETA abeam is interpolated along the leg.
 */
export function abeam(c: Corridor, p: ClearSkyPoint, widthNm: number): Abeam | null {
  if (c.center) {
    const d = greatCircleDistanceNm(c.center.lat, c.center.lon, p.lat, p.lon);
    return d <= c.radiusNm + widthNm ? { distanceNm: d, legIndex: 0, timeMs: c.fromMs } : null;
  }
  const margin = widthNm / NM_PER_DEG;
  let best: Abeam | null = null;
  c.legs.forEach((l, legIndex) => {
    if (p.lat < l.minLat - margin || p.lat > l.maxLat + margin) return;
    const where = pointToSegment(p, l.leg.from, l.leg.to, l.lengthNm, l.courseDeg);
    if (where.distanceNm > widthNm || (best !== null && where.distanceNm >= best.distanceNm)) return;
    const f = l.lengthNm > 0 ? Math.min(1, Math.max(0, where.alongNm / l.lengthNm)) : 0;
    best = { distanceNm: where.distanceNm, legIndex, timeMs: l.leg.etaStartMs + f * (l.leg.etaEndMs - l.leg.etaStartMs) };
  });
  return best;
}

/** Whether the circle around `center` reaches the area: the centre inside, or an edge within the radius. */
function circleReaches(center: ClearSkyPoint, radiusNm: number, area: PreparedArea): boolean {
  if (legCrossesArea(center, center, 0, area, 0)) return true;
  const ring = area.ring;
  for (let i = 0; i + 1 < ring.length; i++) {
    const a = { lon: ring[i]![0], lat: ring[i]![1] };
    const b = { lon: ring[i + 1]![0], lat: ring[i + 1]![1] };
    const len = greatCircleDistanceNm(a.lat, a.lon, b.lat, b.lon);
    const course = len < 0.01 ? 0 : greatCircleInitialCourseDeg(a.lat, a.lon, b.lat, b.lon);
    if (pointToSegment(center, a, b, len, course).distanceNm <= radiusNm) return true;
  }
  return false;
}

/**
 * The legs whose track enters the area (a closed ring of [lon, lat]), in order; area scope: [0] when
 * the circle reaches it. `widthNm` widens the test for route scope: a ring vertex within that distance
 * of a leg counts too (TFRs beside the track).
 */
export function legsCrossing(c: Corridor, ring: readonly (readonly [number, number])[], widthNm = 0): number[] {
  if (ring.length < 4) return [];
  const area = prepareArea(ring);
  if (c.center) return circleReaches(c.center, c.radiusNm + widthNm, area) ? [0] : [];
  const out: number[] = [];
  c.legs.forEach((l, i) => {
    if (legCrossesArea(l.leg.from, l.leg.to, l.lengthNm, area, widthNm / NM_PER_DEG)) {
      out.push(i);
      return;
    }
    if (widthNm > 0 && ring.some(([lon, lat]) => pointToSegment({ lat, lon }, l.leg.from, l.leg.to, l.lengthNm, l.courseDeg).distanceNm <= widthNm)) out.push(i);
  });
  return out;
}

/** Whether [fromMs, toMs] (either end open when null) overlaps [a, b]. */
export function overlaps(fromMs: number | null, toMs: number | null, a: number, b: number): boolean {
  return (fromMs === null || fromMs <= b) && (toMs === null || toMs >= a);
}
