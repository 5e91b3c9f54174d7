import type { NavDb } from '@clearway/navdb';
import { DIRECT_TO_CODE, type AircraftProfile, type Route, type Waypoint } from '../model.js';
import { makeWaypoint, cloneWaypoint } from '../parse/waypoint.js';
import { indexOf, rebuild, type EditOptions, type WaypointInput } from './context.js';

export interface DirectToOptions extends EditOptions {
  /** Present position, degrees; when given a generated GPS0 point is put just before the target. */
  position?: { lat: number; lon: number } | null;
}

/**
 * Direct-to (spec part 2 §3, §4): marks the target as the one direct-to waypoint (clearing any
 * other and any earlier GPS0 point). With a position, a generated GPS0 point at that position is
 * inserted just before the target (for a target inside an airway only the mark is set). Calling it
 * on the waypoint that is already direct-to clears it: the mark goes and GPS0 is removed.
 */
export function directTo(route: Route, target: WaypointInput, profile: AircraftProfile, db: NavDb, options: DirectToOptions): Route {
  const code = (typeof target === 'string' ? target : target.code).trim().toUpperCase();
  // The target's place in the route: a Waypoint of this route (its original_index) names exactly
  // that one, so a code repeated in the route (KHWD SUNOL KHWD) marks the right one.
  const at = code === DIRECT_TO_CODE ? -1 : indexOf(route, target);
  const exact = typeof target !== 'string' && at >= 0 && at === target.original_index;
  const wasDirect = exact
    ? route.waypoints[at]!.directTo
    : route.all_waypoints.some((w) => w.directTo && w.code === code) || route.waypoints.some((w) => w.directTo && w.code === code);
  const clearMarks = (w: Waypoint): Waypoint => ({ ...w, directTo: false, expanded_waypoints: w.expanded_waypoints.map((e) => ({ ...e, directTo: false })) });
  const typed = route.waypoints.filter((w) => w.code !== DIRECT_TO_CODE).map((w) => clearMarks(cloneWaypoint(w)));
  if (wasDirect) return rebuild(route, typed, profile, db, options);

  // Its index once earlier GPS0 points are gone.
  const i = at < 0 ? -1 : at - route.waypoints.slice(0, at).filter((w) => w.code === DIRECT_TO_CODE).length;
  if (i >= 0) {
    typed[i]!.directTo = true;
    if (options.position) {
      const gps = makeWaypoint(DIRECT_TO_CODE, 'UWP', options.position.lat, options.position.lon, { name: 'Direct To' });
      // Flying direct replaces an airway that led to the target.
      if (typed[i - 1]?.type === 'AIRWAY') typed.splice(i - 1, 1, gps);
      else typed.splice(i, 0, gps);
    }
  } else {
    const inner = typed.flatMap((w) => w.expanded_waypoints).find((w) => w.code === code);
    if (inner) inner.directTo = true;
  }
  return rebuild(route, typed, profile, db, options);
}
