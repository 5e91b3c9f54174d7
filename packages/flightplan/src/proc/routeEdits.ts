/**
 * Route edits for procedures (spec part 2 §4 "Route edits", §7): select or remove a DP, a STAR or
 * an approach. Pure functions: each returns a new route (waypoints deep-copied), with
 * `all_waypoints` and `final_string` rebuilt and the legs cleared for the navlog to recompute
 * (`runFlightPlan`); the caller stamps `ts`.
 */
import type { NavDb } from '@clearway/navdb';
import type { AircraftProfile, Route, Waypoint } from '../model.js';
import { appendDeduped, procedureWaypoint } from './legs.js';
import { getFinalWaypoints } from './procedures.js';
import { NO_TRANSITION, VECTORS_TO_FINAL, type ProcFlag } from './transitions.js';

function cloneWaypoint(w: Waypoint): Waypoint {
  return {
    ...w,
    location: { ...w.location },
    appch: w.appch ? { ...w.appch, transitions: [...w.appch.transitions] } : null,
    expanded_waypoints: w.expanded_waypoints.map(cloneWaypoint),
  };
}

/**
 * Every point flown, in order: airways, DPs and STARs replaced by their expansion (the joins
 * merged), and the approach of an airport flown before the airport itself.
 */
export function flattenWaypoints(waypoints: readonly Waypoint[]): Waypoint[] {
  const out: Waypoint[] = [];
  for (const w of waypoints) {
    if ((w.type === 'AIRWAY' || w.type === 'DP' || w.type === 'STAR') && w.expanded_waypoints.length > 0) {
      appendDeduped(out, w.expanded_waypoints);
    } else {
      if (w.has_approach) appendDeduped(out, w.expanded_waypoints);
      appendDeduped(out, [w]);
    }
  }
  return out;
}

/** The route as text (spec part 2 §3): codes separated by spaces, a known altitude after a dot. */
export function routeText(waypoints: readonly Waypoint[]): string {
  return waypoints
    .map((w) => {
      const procedure = w.type === 'DP' || w.type === 'STAR' || w.type === 'AIRWAY';
      return !procedure && w.alt_type !== '' && !w.ambiguous && w.alt1 !== -9999 ? `${w.code}.${w.alt1}` : w.code;
    })
    .join(' ');
}

/** A new route with `waypoints` (origin and destination following their copies), rebuilt. */
function withWaypoints(route: Route, waypoints: Waypoint[], origin: Waypoint | null, destination: Waypoint | null): Route {
  return {
    ...route,
    waypoints,
    all_waypoints: flattenWaypoints(waypoints),
    final_string: routeText(waypoints),
    origin,
    destination,
    legs: [],
    all_legs: [],
  };
}

/** Deep copy of the waypoints with origin and destination mapped onto their copies. */
function copyRoute(route: Route): { waypoints: Waypoint[]; origin: Waypoint | null; destination: Waypoint | null } {
  const waypoints = route.waypoints.map(cloneWaypoint);
  const mapped = (w: Waypoint | null): Waypoint | null => {
    if (!w) return null;
    const i = route.waypoints.indexOf(w);
    return i >= 0 ? (waypoints[i] as Waypoint) : cloneWaypoint(w);
  };
  return { waypoints, origin: mapped(route.origin), destination: mapped(route.destination) };
}

function sameCode(a: Waypoint, code: string): boolean {
  return a.code.toUpperCase() === code.toUpperCase();
}

/** Where the origin is: the route's origin, else the first waypoint coded like `origin`, else 0. */
function originIndex(waypoints: readonly Waypoint[], origin: Waypoint | null, given: Waypoint | string | null): number {
  if (origin) {
    const i = waypoints.indexOf(origin);
    if (i >= 0) return i;
  }
  const code = typeof given === 'string' ? given : given?.code;
  if (code) {
    const i = waypoints.findIndex((w) => sameCode(w, code));
    if (i >= 0) return i;
  }
  return 0;
}

/** Where the destination is: the route's destination, else the last waypoint coded like it, else the last. */
function destinationIndex(waypoints: readonly Waypoint[], destination: Waypoint | null, given: Waypoint | string | null): number {
  if (destination) {
    const i = waypoints.lastIndexOf(destination);
    if (i >= 0) return i;
  }
  const code = typeof given === 'string' ? given : given?.code;
  if (code) {
    for (let i = waypoints.length - 1; i >= 0; i--) if (sameCode(waypoints[i] as Waypoint, code)) return i;
  }
  return waypoints.length - 1;
}

const isNamed = (t: string | undefined): t is string => t !== undefined && t !== '' && t !== NO_TRANSITION && t !== VECTORS_TO_FINAL;
const looksLikeRunway = (t: string): boolean => /^RW\d/i.test(t) || t.toUpperCase() === 'ALL';

/** A DP or STAR waypoint expanding into `fixes` (copied, fixed); placed at its first fix. */
function procedureStep(code: string, name: string, type: 'DP' | 'STAR', fixes: readonly Waypoint[], fallback: Waypoint | null): Waypoint {
  const expanded = fixes.map((f) => ({ ...cloneWaypoint(f), fixed: true }));
  const at = expanded[0]?.location ?? fallback?.location ?? { lat: 0, lon: 0 };
  return { ...procedureWaypoint(code, type, at.lat, at.lon), name, expanded_waypoints: expanded, invalid: expanded.length === 0 };
}

/** The parts of a DP selection 'dp[.transition2].transition1': transition1 the runway, transition2 the enroute transition. */
export function parseDpSelection(selection: string): { dp: string; runway: string | null; enroute: string | null } {
  const [dp = '', a, b] = selection.trim().toUpperCase().split('.');
  if (b !== undefined) return { dp, enroute: isNamed(a) ? a : null, runway: isNamed(b) ? b : null };
  // Two parts: a runway transition when it looks like one, else the enroute transition ('DP.TRANSITION' in a route).
  if (!isNamed(a)) return { dp, runway: null, enroute: null };
  return looksLikeRunway(a) ? { dp, runway: a, enroute: null } : { dp, runway: null, enroute: a };
}

/** The parts of a STAR selection 'transition1.star[.transition2]': transition1 enroute, transition2 runway. */
export function parseStarSelection(selection: string): { star: string; enroute: string | null; runway: string | null } {
  const parts = selection.trim().toUpperCase().split('.');
  if (parts.length === 1) return { star: parts[0] ?? '', enroute: null, runway: null };
  const [a, star = '', b] = parts;
  return { star, enroute: isNamed(a) ? a : null, runway: isNamed(b) ? b : null };
}

/**
 * Selects a DP (spec part 2 §7 setDP): any DP already in the route is replaced by a fixed DP
 * waypoint right after the origin, coded `DP.TRANSITION` (enroute transition; `DP` alone without
 * one) and expanding into `finalFixes` (from getFinalWaypoints). `origin` is the origin waypoint or
 * its code; the route's own origin wins. Profile: accepted for the call's shape, not used.
 */
export function setDP(route: Route, selection: string, finalFixes: readonly Waypoint[], origin: Waypoint | string | null, _profile?: AircraftProfile): Route {
  const copy = copyRoute(removeOfType(route.waypoints, 'DP', route));
  const { dp, enroute } = parseDpSelection(selection);
  const at = originIndex(copy.waypoints, copy.origin, origin);
  const step = procedureStep(enroute ? `${dp}.${enroute}` : dp, dp, 'DP', finalFixes, copy.waypoints[at] ?? null);
  copy.waypoints.splice(Math.min(at + 1, copy.waypoints.length), 0, step);
  return withWaypoints(route, copy.waypoints, copy.origin, copy.destination);
}

/**
 * Selects a STAR (spec part 2 §7 setStar): any STAR already in the route is replaced by a fixed
 * STAR waypoint right before the destination, coded `TRANSITION.STAR` (`STAR` alone without an
 * enroute transition) and expanding into `finalFixes`.
 */
export function setStar(route: Route, selection: string, finalFixes: readonly Waypoint[], destination: Waypoint | string | null, _profile?: AircraftProfile): Route {
  const copy = copyRoute(removeOfType(route.waypoints, 'STAR', route));
  const { star, enroute } = parseStarSelection(selection);
  const at = destinationIndex(copy.waypoints, copy.destination, destination);
  const step = procedureStep(enroute ? `${enroute}.${star}` : star, star, 'STAR', finalFixes, copy.waypoints[at] ?? null);
  copy.waypoints.splice(Math.max(at, 0), 0, step);
  return withWaypoints(route, copy.waypoints, copy.origin, copy.destination);
}

/**
 * Selects an approach (spec part 2 §7 selectAproach): the destination (the route's, else the last
 * waypoint coded `airport`) gets `has_approach`, `appch` {airport, procedure, [transition]} and the
 * approach fixes (missed approach left out; 'VTF' from the final approach fix) as its expansion,
 * and is marked fixed. The route is returned unchanged (copied) when the approach has no fixes.
 */
export function selectAproach(
  db: NavDb,
  route: Route,
  airport: string,
  procedure: string,
  transition: string,
  flag: ProcFlag = 'PF',
  _profile?: AircraftProfile,
): Route {
  const copy = copyRoute(route);
  const fixes = getFinalWaypoints(db, airport, procedure, [transition], flag);
  const at = destinationIndex(copy.waypoints, copy.destination, airport);
  const dest = copy.waypoints[at];
  if (!dest || fixes.length === 0) return withWaypoints(route, copy.waypoints, copy.origin, copy.destination);
  dest.has_approach = true;
  dest.fixed = true;
  dest.appch = { airport, procedure, transitions: [transition] };
  dest.expanded_waypoints = fixes;
  return withWaypoints(route, copy.waypoints, copy.origin, copy.destination);
}

/** The route's waypoints without those of a type, origin and destination kept when they stay. */
function removeOfType(waypoints: readonly Waypoint[], type: 'DP' | 'STAR', route: Route): Route {
  return { ...route, waypoints: waypoints.filter((w) => w.type !== type) };
}

/** Removes the DP (spec part 2 §7 removeDP). */
export function removeDP(route: Route, _profile?: AircraftProfile): Route {
  const copy = copyRoute(removeOfType(route.waypoints, 'DP', route));
  return withWaypoints(route, copy.waypoints, copy.origin, copy.destination);
}

/** Removes the STAR (spec part 2 §7 removeStar). */
export function removeStar(route: Route, _profile?: AircraftProfile): Route {
  const copy = copyRoute(removeOfType(route.waypoints, 'STAR', route));
  return withWaypoints(route, copy.waypoints, copy.origin, copy.destination);
}

/** Removes the approach from every waypoint that has one (spec part 2 §7 removeAproach). */
export function removeAproach(route: Route, _profile?: AircraftProfile): Route {
  const copy = copyRoute(route);
  for (const w of copy.waypoints) {
    if (!w.has_approach) continue;
    w.has_approach = false;
    w.appch = null;
    w.expanded_waypoints = [];
    w.fixed = false;
  }
  return withWaypoints(route, copy.waypoints, copy.origin, copy.destination);
}
