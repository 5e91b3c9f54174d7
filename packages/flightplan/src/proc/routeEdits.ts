/**
 * Route edits for procedures (spec part 2 §4 "Route edits", §7): select or remove a DP, a STAR or
 * an approach. Like the other edits they take the profile, the nav database and `{now}`, never
 * mutate their input, and return a route rebuilt by `buildRoute` (legs empty for runFlightPlan)
 * with the approach fixes flown before the destination in `all_waypoints`.
 */
import type { NavDb } from '@clearway/navdb';
import type { AircraftProfile, Route, Waypoint } from '../model.js';
import { buildRoute } from '../parse/buildRoute.js';
import { cloneWaypoint } from '../parse/waypoint.js';
import { appendDeduped, procedureWaypoint } from './legs.js';
import { getFinalWaypoints } from './procedures.js';
import { NO_TRANSITION, VECTORS_TO_FINAL, type ProcFlag } from './transitions.js';

/** Timestamp of the new route, ms since the epoch (the caller's clock), as the other edits take it. */
export interface ProcEditOptions {
  now: number;
}

/**
 * `all_waypoints` with the approach of an airport flown before the airport, joins merged (a STAR
 * ending at SUNOL and an approach starting at SUNOL pass SUNOL once).
 */
export function withApproachFixes(all: readonly Waypoint[]): Waypoint[] {
  const out: Waypoint[] = [];
  for (const w of all) {
    if (w.has_approach) appendDeduped(out, w.expanded_waypoints.map(cloneWaypoint));
    out.push(w);
  }
  return out;
}

/** The route rebuilt from `typed` (the cruise altitude kept), approach fixes in all_waypoints. */
function rebuild(route: Route, typed: readonly Waypoint[], profile: AircraftProfile, db: NavDb, options: ProcEditOptions): Route {
  const built = buildRoute(typed, { profile, db, now: options.now, altitudeFt: route.altitude });
  return { ...built, all_waypoints: withApproachFixes(built.all_waypoints) };
}

function codeOf(given: Waypoint | string | null | undefined): string | null {
  const code = typeof given === 'string' ? given : given?.code;
  return code ? code.trim().toUpperCase() : null;
}

/** Where the origin is: the first waypoint coded like `origin` (or the route's origin), else 0. */
function originIndex(waypoints: readonly Waypoint[], route: Route, origin: Waypoint | string | null): number {
  const code = codeOf(origin) ?? codeOf(route.origin);
  const i = code ? waypoints.findIndex((w) => w.code.toUpperCase() === code) : -1;
  return i >= 0 ? i : 0;
}

/** Where the destination is: the last waypoint coded like `destination` (or the route's), else the last. */
function destinationIndex(waypoints: readonly Waypoint[], route: Route, destination: Waypoint | string | null): number {
  const code = codeOf(destination) ?? codeOf(route.destination);
  if (code) {
    for (let i = waypoints.length - 1; i >= 0; i--) if ((waypoints[i] as Waypoint).code.toUpperCase() === code) return i;
  }
  return waypoints.length - 1;
}

const isNamed = (t: string | undefined): t is string => t !== undefined && t !== '' && t !== NO_TRANSITION && t !== VECTORS_TO_FINAL;
const looksLikeRunway = (t: string): boolean => /^RW\d/i.test(t) || t.toUpperCase() === 'ALL';

/** A DP or STAR waypoint expanding into `fixes` (copied, fixed); placed at its first fix. */
function procedureStep(code: string, name: string, type: 'DP' | 'STAR', fixes: readonly Waypoint[], fallback: Waypoint | null): Waypoint {
  const expanded = fixes.map((f) => ({ ...cloneWaypoint(f), fixed: true }));
  const at = expanded[0]?.location ?? fallback?.location ?? { lat: 0, lon: 0 };
  return {
    ...procedureWaypoint(code, type, at.lat, at.lon),
    name,
    expanded_waypoints: expanded,
    invalid: expanded.length === 0,
    // A DP leaves the origin: nothing goes between them; a STAR ends at the destination likewise.
    insertBefore: type === 'STAR',
    insertAfter: type === 'DP',
  };
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

const copyWithout = (route: Route, type: 'DP' | 'STAR'): Waypoint[] => route.waypoints.filter((w) => w.type !== type).map(cloneWaypoint);

/**
 * Selects a DP (spec part 2 §7 setDP): any DP already in the route is replaced by a fixed DP
 * waypoint right after the origin (`origin`: the waypoint or its code; else the route's origin),
 * coded `DP.TRANSITION` with the enroute transition (`DP` alone without one) and expanding into
 * `finalFixes` (from getFinalWaypoints).
 */
export function setDP(
  route: Route,
  selection: string,
  finalFixes: readonly Waypoint[],
  origin: Waypoint | string | null,
  profile: AircraftProfile,
  db: NavDb,
  options: ProcEditOptions,
): Route {
  const typed = copyWithout(route, 'DP');
  const { dp, enroute } = parseDpSelection(selection);
  const at = originIndex(typed, route, origin);
  typed.splice(Math.min(at + 1, typed.length), 0, procedureStep(enroute ? `${dp}.${enroute}` : dp, dp, 'DP', finalFixes, typed[at] ?? null));
  return rebuild(route, typed, profile, db, options);
}

/**
 * Selects a STAR (spec part 2 §7 setStar): any STAR already in the route is replaced by a fixed
 * STAR waypoint right before the destination, coded `TRANSITION.STAR` (`STAR` alone without an
 * enroute transition) and expanding into `finalFixes`.
 */
export function setStar(
  route: Route,
  selection: string,
  finalFixes: readonly Waypoint[],
  destination: Waypoint | string | null,
  profile: AircraftProfile,
  db: NavDb,
  options: ProcEditOptions,
): Route {
  const typed = copyWithout(route, 'STAR');
  const { star, enroute } = parseStarSelection(selection);
  const at = destinationIndex(typed, route, destination);
  typed.splice(Math.max(at, 0), 0, procedureStep(enroute ? `${enroute}.${star}` : star, star, 'STAR', finalFixes, typed[at] ?? null));
  return rebuild(route, typed, profile, db, options);
}

/**
 * Selects an approach (spec part 2 §7 selectAproach): the destination (the last waypoint coded
 * `airport`, else the route's destination) gets `has_approach`, `appch` {airport, procedure,
 * [transition]} and the approach fixes (missed approach left out; 'VTF' from the final approach
 * fix) as its expansion, and is marked fixed. An approach without fixes changes nothing.
 */
export function selectAproach(
  route: Route,
  airport: string,
  procedure: string,
  transition: string,
  flag: ProcFlag,
  profile: AircraftProfile,
  db: NavDb,
  options: ProcEditOptions,
): Route {
  const typed = route.waypoints.map(cloneWaypoint);
  const fixes = getFinalWaypoints(db, airport, procedure, [transition], flag);
  const dest = typed[destinationIndex(typed, route, airport)];
  if (dest && fixes.length > 0) {
    dest.has_approach = true;
    dest.fixed = true;
    dest.appch = { airport, procedure, transitions: [transition] };
    dest.expanded_waypoints = fixes;
  }
  return rebuild(route, typed, profile, db, options);
}

/** Removes the DP (spec part 2 §7 removeDP). */
export function removeDP(route: Route, profile: AircraftProfile, db: NavDb, options: ProcEditOptions): Route {
  return rebuild(route, copyWithout(route, 'DP'), profile, db, options);
}

/** Removes the STAR (spec part 2 §7 removeStar). */
export function removeStar(route: Route, profile: AircraftProfile, db: NavDb, options: ProcEditOptions): Route {
  return rebuild(route, copyWithout(route, 'STAR'), profile, db, options);
}

/** Removes the approach from every waypoint that has one (spec part 2 §7 removeAproach). */
export function removeAproach(route: Route, profile: AircraftProfile, db: NavDb, options: ProcEditOptions): Route {
  const typed = route.waypoints.map(cloneWaypoint);
  for (const w of typed) {
    if (!w.has_approach) continue;
    w.has_approach = false;
    w.appch = null;
    w.expanded_waypoints = [];
    w.fixed = false;
  }
  return rebuild(route, typed, profile, db, options);
}
