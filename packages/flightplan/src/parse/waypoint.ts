import { UNKNOWN_VARIATION_DEG } from '@clearway/geo';
import type { Navaid, WaypointMatch } from '@clearway/navdb';
import { ALT_TYPES, UNKNOWN_ALT, type Waypoint, type WaypointType } from '../model.js';

/** A waypoint with the spec's defaults (part 2 §3): insertBefore/insertAfter true, original_index -1, unknowns -9999. */
export function makeWaypoint(code: string, type: WaypointType, lat: number, lon: number, extra?: Partial<Waypoint>): Waypoint {
  const w: Waypoint = {
    code,
    name: code,
    location: { lat, lon },
    elevation: UNKNOWN_ALT,
    variation: UNKNOWN_VARIATION_DEG,
    type,
    directTo: false,
    invalid: false,
    has_approach: false,
    ambiguous: false,
    fixed: type === 'AIRWAY' || type === 'DP' || type === 'STAR',
    insertBefore: true,
    insertAfter: true,
    original_index: -1,
    appch: null,
    expanded_waypoints: [],
    alt1: UNKNOWN_ALT,
    alt2: UNKNOWN_ALT,
    alt_type: '',
    airway: null,
  };
  // Object.assign keeps the keys' order as a spread would (extra's new keys last), without
  // building a second object for the route parser's many points.
  return extra === undefined ? w : Object.assign(w, extra);
}

/** The route waypoint of a nav database match (airport, navaid or fix). */
export function waypointFromMatch(match: WaypointMatch): Waypoint {
  const type: WaypointType = match.kind === 'AIRPORT' ? 'AIRPORT' : match.kind === 'NAVAID' ? 'NAVAID' : 'FIX';
  // Set on the one object (no extras object to spread): every point of every parsed route comes here.
  const w = makeWaypoint(match.code, type, match.latDeg, match.lonDeg);
  w.name = match.name;
  w.elevation = match.elevationFt ?? UNKNOWN_ALT;
  w.variation = match.magVarDeg ?? UNKNOWN_VARIATION_DEG;
  w.ambiguous = match.ambiguous;
  // The engine shows a radial only on legs out of a VOR (perf/radial.ts).
  if (match.kind === 'NAVAID') w.navaid_type = (match.record as Navaid).type;
  return w;
}

/** Spec part 2 §3: expandable if an airway, STAR or DP, or it has an approach. */
export function isExpandable(w: Waypoint): boolean {
  return w.type === 'AIRWAY' || w.type === 'STAR' || w.type === 'DP' || w.has_approach;
}

/**
 * Spec part 2 §3: a valid altitude needs a valid alt_type, an unambiguous point and a known alt1
 * (neither the unknown -9999 nor a non-number). The web app's navlog uses this one too.
 */
export function hasValidAltitude(w: Pick<Waypoint, 'alt_type' | 'ambiguous' | 'alt1'>): boolean {
  return (ALT_TYPES as readonly string[]).includes(w.alt_type) && !w.ambiguous && w.alt1 !== UNKNOWN_ALT && Number.isFinite(w.alt1);
}

/** True when any waypoint makes the route fixed (spec part 2 §3 "A route is fixed if ..."). */
export function isRouteFixed(waypoints: readonly Waypoint[]): boolean {
  return waypoints.some(isExpandable);
}

/** A deep copy, so edits never share waypoint objects with the route they came from. */
export function cloneWaypoint(w: Waypoint): Waypoint {
  return {
    ...w,
    location: { ...w.location },
    appch: w.appch ? { ...w.appch, transitions: [...w.appch.transitions] } : null,
    expanded_waypoints: w.expanded_waypoints.map(cloneWaypoint),
  };
}
