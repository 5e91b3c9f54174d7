import { UNKNOWN_VARIATION_DEG } from '@clearway/geo';
import type { Route, Waypoint } from '../model.js';
import { normalizeDeg } from './sphere.js';

/**
 * Stations whose radials a pilot flies: VORs with or without DME or TACAN. A plain TACAN's azimuth
 * is for military receivers, and NDBs have no radials, so they get none.
 */
const VOR_TYPES = new Set(['VOR', 'VORTAC', 'VOR-DME']);

const publishedVariation = (w: Waypoint): number | null =>
  Number.isFinite(w.variation) && Math.abs(w.variation - UNKNOWN_VARIATION_DEG) > 1e-6 && Math.abs(w.variation) <= 180 ? w.variation : null;

/**
 * Whether the leg from `a` to `b` (consecutive points of `route.all_waypoints`) is flown along an
 * airway: `b` is one of the airway's points, or `b` is the exit fix right after an airway that `a`
 * is on or enters (an airway with no points between entry and exit included). Relies on
 * `original_index`, the index in `route.waypoints` that buildRoute gives every expanded point.
 */
export function isAirwayLeg(route: Pick<Route, 'waypoints'>, a: Waypoint, b: Waypoint): boolean {
  const ia = a.original_index;
  const ib = b.original_index;
  if (ia < 0 || ib < 0) return false;
  for (const k of [ib, ib - 1]) {
    const w = route.waypoints[k];
    if (w && w.type === 'AIRWAY' && !w.invalid && k >= ia && k <= ib) return true;
  }
  return false;
}

/**
 * The radial a pilot flies out of `start` on an airway leg with the given initial true course,
 * degrees: true course minus the station's published variation (the variation the VOR is aligned
 * to, which the charts use, not today's), rounded to whole degrees, 360 for north. null when
 * `start` is not a VOR or has no published variation.
 */
export function vorRadial(start: Waypoint, trueCourseDeg: number): number | null {
  if (start.type !== 'NAVAID' || !VOR_TYPES.has(start.navaid_type ?? '')) return null;
  const variation = publishedVariation(start);
  if (variation === null || !Number.isFinite(trueCourseDeg)) return null;
  const whole = Math.round(normalizeDeg(trueCourseDeg - variation)) % 360;
  return whole === 0 ? 360 : whole;
}
