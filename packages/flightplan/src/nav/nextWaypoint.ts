import type { LatLon, Waypoint } from '../model.js';
import { distanceNm, initialCourseDegTrue, signedDeg } from '../perf/sphere.js';

/** Half-widths of the forward cone by distance (spec part 2 §4 "Next waypoint selection"), degrees. */
export const CONE_NEAR_NM = 10;
export const CONE_MID_NM = 30;
export const CONE_HALF_NEAR_DEG = 75;
export const CONE_HALF_MID_DEG = 60;
export const CONE_HALF_FAR_DEG = 45;
/** The nearest this many candidates within CLOSE_NM: the lowest route index among them wins. */
export const NEAREST_COUNT = 3;
export const CLOSE_NM = 15;

export interface NextWaypoint {
  index: number;
  waypoint: Waypoint;
  /** Nautical miles from the position. */
  distanceNm: number;
  /** Initial great-circle course from the position, degrees true. */
  bearingDegTrue: number;
  type: 'Direct' | 'NEXT';
}

/** Half-width of the forward cone for a waypoint `d` nm away, degrees. */
export function coneHalfWidthDeg(d: number): number {
  return d <= CONE_NEAR_NM ? CONE_HALF_NEAR_DEG : d <= CONE_MID_NM ? CONE_HALF_MID_DEG : CONE_HALF_FAR_DEG;
}

/**
 * The waypoint to fly to next (spec part 2 §4): a direct-to waypoint overrides; otherwise the
 * waypoints inside the forward cone around `trackDegTrue` (±75° within 10 nm, ±60° within 30 nm,
 * ±45° beyond), and among the nearest 3 of those the ones within 15 nm, of which the lowest route
 * index wins; when none of them is that close, the nearest in the cone. Null when nothing is ahead.
 * Invalid waypoints are skipped.
 */
export function selectNextWaypoint(position: LatLon, trackDegTrue: number, waypoints: Waypoint[]): NextWaypoint | null {
  const measure = (index: number, type: NextWaypoint['type']): NextWaypoint => {
    const waypoint = waypoints[index] as Waypoint;
    return {
      index,
      waypoint,
      distanceNm: distanceNm(position, waypoint.location),
      bearingDegTrue: initialCourseDegTrue(position, waypoint.location),
      type,
    };
  };
  const direct = waypoints.findIndex((w) => w.directTo && !w.invalid);
  if (direct >= 0) return measure(direct, 'Direct');

  const ahead: NextWaypoint[] = [];
  for (let i = 0; i < waypoints.length; i++) {
    const w = waypoints[i] as Waypoint;
    if (w.invalid || !Number.isFinite(w.location.lat) || !Number.isFinite(w.location.lon)) continue;
    const c = measure(i, 'NEXT');
    if (Math.abs(signedDeg(c.bearingDegTrue - trackDegTrue)) <= coneHalfWidthDeg(c.distanceNm)) ahead.push(c);
  }
  if (ahead.length === 0) return null;
  ahead.sort((a, b) => a.distanceNm - b.distanceNm || a.index - b.index);
  const close = ahead.slice(0, NEAREST_COUNT).filter((c) => c.distanceNm <= CLOSE_NM);
  if (close.length === 0) return ahead[0] ?? null;
  return close.reduce((best, c) => (c.index < best.index ? c : best));
}
