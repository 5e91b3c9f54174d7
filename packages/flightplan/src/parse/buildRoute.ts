import { greatCircleDistanceNm } from '@clearway/geo';
import type { NavDb, AirwayPoint } from '@clearway/navdb';
import type { AircraftProfile, Route, Waypoint, WaypointType } from '../model.js';
import { DIRECT_TO_CODE, UNKNOWN_TEMP } from '../model.js';
import { AIRWAY_POINT_NM, airwayGraph, candidateAtNode, gapBetween, junctionNode, nodesOfWaypoint, pathAlong, segmentMeaFt, type AirwayNode } from './airwayMembership.js';
import { latLonCode } from './latLon.js';
import { decoratedCode } from './routeText.js';
import { cloneWaypoint, makeWaypoint, waypointFromMatch } from './waypoint.js';

/** What rebuilding a route needs besides its waypoints: the database, the profile and the clock. */
export interface BuildRouteContext {
  profile: AircraftProfile;
  db: NavDb;
  /** Route timestamp, ms since the epoch (the caller's clock). */
  now: number;
  /** Cruise altitude, feet; default profile.altitude. */
  altitudeFt?: number;
  search_string?: string;
  invalid_tokens?: string[];
}

/** Route waypoint type of an airway point kind. */
const POINT_KINDS: Record<AirwayPoint['kind'], WaypointType> = { fix: 'FIX', navaid: 'NAVAID', airport: 'AIRPORT', unknown: 'FIX' };

/** The route waypoint of an airway place, named from the database point there; null without a position. */
function airwayPointWaypoint(db: NavDb, p: AirwayNode, airwayId: string): Waypoint | null {
  if (p.latDeg === null || p.lonDeg === null) return null;
  const match = candidateAtNode(db, p);
  const base = match ? waypointFromMatch(match) : makeWaypoint(p.ident, POINT_KINDS[p.kind], p.latDeg, p.lonDeg);
  // The airway pins the point: its own position, never ambiguous.
  return {
    ...base,
    location: { lat: p.latDeg, lon: p.lonDeg },
    ambiguous: false,
    fixed: true,
    insertBefore: false,
    insertAfter: false,
    airway: airwayId,
  };
}

/** A route waypoint that can enter or leave an airway: a point, not an airway or a procedure. */
function isPoint(w: Waypoint | undefined): w is Waypoint {
  return w !== undefined && w.type !== 'AIRWAY' && w.type !== 'DP' && w.type !== 'STAR';
}

/**
 * Where airway `a` meets airway `b` when a route goes straight from one to the other: a place on
 * both (same ident within a mile, whatever source each came from), the one fewest points along `a`
 * from its entry, or the first of `a` without one.
 */
export function airwayJunction(db: NavDb, a: string, b: string, entryOfA: Waypoint | undefined): Waypoint | null {
  const A = airwayGraph(db, a);
  const B = airwayGraph(db, b);
  if (!A || !B) return null;
  const k = junctionNode(A, B, isPoint(entryOfA) ? nodesOfWaypoint(A, entryOfA) : []);
  return k === null ? null : airwayPointWaypoint(db, A.nodes[k]!, a);
}

interface Expansion {
  points: Waypoint[];
  error: string | null;
  /**
   * MEA of each leg flown along the airway, entry to exit (one more than `points`), feet; null where
   * the nav data gives none. Empty with an error.
   */
  meaFt?: (number | null)[];
}

/**
 * The points strictly between entry and exit along an airway, or the reason there are none. Entry
 * and exit are on the airway when it lists a point of their ident within a mile (airports five).
 */
export function expandAirway(db: NavDb, airwayId: string, entry: Waypoint | undefined, exit: Waypoint | undefined): Expansion {
  const graph = airwayGraph(db, airwayId);
  if (!graph) return { points: [], error: `${airwayId}: airway not found` };
  if (!entry || entry.type === 'DP' || entry.type === 'STAR') return { points: [], error: `${airwayId}: no entry fix before the airway` };
  if (!exit || exit.type === 'DP' || exit.type === 'STAR') return { points: [], error: `${airwayId}: no exit fix after the airway` };
  if (entry.type === 'AIRWAY') return { points: [], error: `${airwayId}: ${entry.code} must be joined to it by a fix` };
  if (exit.type === 'AIRWAY') return { points: [], error: `${airwayId}: ${exit.code} must be joined to it by a fix` };
  const from = nodesOfWaypoint(graph, entry);
  if (from.length === 0) return { points: [], error: `${airwayId}: ${entry.code} is not on the airway` };
  const to = nodesOfWaypoint(graph, exit);
  if (to.length === 0) return { points: [], error: `${airwayId}: ${exit.code} is not on the airway` };
  if (from.some((k) => to.includes(k))) return { points: [], error: `${airwayId}: entry and exit are both ${entry.code}` };
  const path = pathAlong(graph, from, to);
  if (!path) {
    const gap = gapBetween(graph, from, to);
    return { points: [], error: gap ? `${airwayId}: gap between ${gap[0]} and ${gap[1]}` : `${airwayId}: ${entry.code} and ${exit.code} are on separate parts of the airway` };
  }
  const out: Waypoint[] = [];
  for (const k of path.slice(1, -1)) {
    const p = graph.nodes[k]!;
    const w = airwayPointWaypoint(db, p, airwayId);
    if (!w) return { points: [], error: `${airwayId}: ${p.ident} has no position` };
    out.push(w);
  }
  const meaFt = path.slice(1).map((k, i) => segmentMeaFt(graph, path[i]!, k));
  return { points: out, error: null, meaFt };
}

/** One place written twice: same code within a mile (nm). */
function samePlace(a: Waypoint | undefined, b: Waypoint): boolean {
  return a !== undefined && a.code === b.code && greatCircleDistanceNm(a.location.lat, a.location.lon, b.location.lat, b.location.lon) <= AIRWAY_POINT_NM;
}

/** Keeps user-set altitude constraints and the direct-to mark of expanded points across a re-expansion. */
function carryOver(previous: readonly Waypoint[], points: Waypoint[]): void {
  for (const p of points) {
    const old = previous.find((o) => o.code === p.code);
    if (old) {
      p.alt1 = old.alt1;
      p.alt2 = old.alt2;
      p.alt_type = old.alt_type;
      p.directTo = old.directTo;
    }
  }
}

/** The canonical route string: codes separated by spaces, `.{altitude}` appended when it differs from the profile's. */
export function routeString(waypoints: readonly Waypoint[], altitudeFt: number, profile: AircraftProfile): string {
  // The generated direct-to point is written as its position, so the string parses back.
  const text = waypoints.map((w, i) => decoratedCode(w, waypoints[i - 1], w.code === DIRECT_TO_CODE ? latLonCode(w.location.lat, w.location.lon) : w.code)).join(' ');
  return altitudeFt !== profile.altitude ? `${text}.${altitudeFt}` : text;
}

/** A deep copy of a waypoint at a new place in its route (`original_index`), one object built. */
function copyAt(w: Waypoint, index: number): Waypoint {
  const copy = cloneWaypoint(w);
  copy.original_index = index;
  return copy;
}

/**
 * A whole route from the waypoints as typed (airways collapsed into AIRWAY waypoints): re-expands
 * airways between their neighbours, derives all_waypoints, origin, destination and the canonical
 * string. Shared by parseRoute and every edit. Never mutates its input. Legs stay empty
 * (runFlightPlan fills them).
 */
export function buildRoute(typed: readonly Waypoint[], ctx: BuildRouteContext): Route {
  return buildRouteOf(typed.map(copyAt), ctx);
}

/**
 * buildRoute on waypoints the caller made for this route and hands over (parseRoute's, built
 * fresh from the database on every parse): they become the route's own, numbered and expanded in
 * place, instead of being copied first.
 */
export function buildRouteOf(waypoints: Waypoint[], ctx: BuildRouteContext): Route {
  waypoints.forEach((w, i) => {
    w.original_index = i;
  });
  const airwayErrors: string[] = [];
  /** By airway slot: the leg from its last point to the exit that follows it (null when the exit is among its points). */
  const exitLegs = new Map<number, Waypoint['airway_leg'] | null>();
  waypoints.forEach((w, i) => {
    if (w.type !== 'AIRWAY') return;
    const prev = waypoints[i - 1];
    const next = waypoints[i + 1];
    // Airway straight to airway: they meet at a shared point, which ends the first one's expansion.
    const entry = prev?.type === 'AIRWAY' ? airwayJunction(ctx.db, prev.code, w.code, waypoints[i - 2]) : prev;
    const exit = next?.type === 'AIRWAY' ? airwayJunction(ctx.db, w.code, next.code, entry ?? undefined) : next;
    const expansion = expandAirway(ctx.db, w.code, entry ?? undefined, exit ?? undefined);
    let { points, error } = expansion;
    const meaFt = expansion.meaFt ?? [];
    if (prev?.type === 'AIRWAY' && !entry) error = `${w.code}: does not meet ${prev.code}`;
    else if (next?.type === 'AIRWAY' && !exit) error = `${w.code}: does not meet ${next.code}`;
    else if (next?.type === 'AIRWAY' && exit && !error) points = [...points, exit];
    if (error) points = [];
    // Each point reached along the airway carries the airway and the MEA of the leg to it (issue 24).
    points.forEach((p, k) => {
      p.airway_leg = { airway: w.code, mea_ft: meaFt[k] ?? null };
    });
    exitLegs.set(i, error || points.length >= meaFt.length ? null : { airway: w.code, mea_ft: meaFt[meaFt.length - 1] ?? null });
    carryOver(w.expanded_waypoints, points);
    w.expanded_waypoints = points;
    w.invalid = error !== null;
    w.fixed = true;
    if (points[0]) w.location = { ...points[0].location };
    if (error) airwayErrors.push(error);
  });
  const all: Waypoint[] = [];
  waypoints.forEach((w, i) => {
    if (w.type === 'AIRWAY' || w.type === 'DP' || w.type === 'STAR') {
      w.expanded_waypoints.forEach((p, k) => {
        // A STAR flown from the fix the route names before it (`CIVET CIVET.CIVET4`): that fix once.
        if (k === 0 && w.type === 'STAR' && samePlace(all[all.length - 1], p)) return;
        all.push(copyAt(p, i));
      });
    } else {
      // A DP ending at the fix the route names after it (`SID1.TRANS TRANS V6`): the named fix once.
      const last = all[all.length - 1];
      if (last && waypoints[last.original_index]?.type === 'DP' && samePlace(last, w)) all.pop();
      const copy = cloneWaypoint(w);
      const airwayLeg = exitLegs.get(i - 1);
      if (airwayLeg) copy.airway_leg = airwayLeg;
      else delete copy.airway_leg;
      all.push(copy);
    }
  });
  const altitude = ctx.altitudeFt ?? ctx.profile.altitude;
  const first = waypoints[0];
  const last = waypoints[waypoints.length - 1];
  const finalString = routeString(waypoints, altitude, ctx.profile);
  return {
    ts: ctx.now,
    search_string: ctx.search_string ?? finalString,
    final_string: finalString,
    total_distance: 0,
    total_min: 0,
    avg_gs: 0,
    altitude,
    waypoints,
    all_waypoints: all,
    legs: [],
    all_legs: [],
    origin: first && first.type === 'AIRPORT' ? cloneWaypoint(first) : null,
    destination: last && last.type === 'AIRPORT' && waypoints.length > 1 ? cloneWaypoint(last) : null,
    invalid_tokens: [...(ctx.invalid_tokens ?? [])],
    airway_errors: airwayErrors,
    vnav_errors: [],
    total_fuel: 0,
    avg_temp: UNKNOWN_TEMP,
    unknown_temp: true,
  };
}
