import { greatCircleDistanceNm } from '@clearway/geo';
import type { LatLon as DbLatLon, NavDb, Procedure, WaypointMatch } from '@clearway/navdb';
import type { AircraftProfile, Route, TokenNote, Waypoint } from '../model.js';
import { procedureTokenWaypoint } from '../proc/expand.js';
import { airwayGraph, pointOnAirways } from './airwayMembership.js';
import { buildRouteOf } from './buildRoute.js';
import { joinTransitionsAcrossDropped, resolveProcedureNames } from './procedureTokens.js';
import { SAME_PLACE_NM, samePlaceOfKind } from './samePlace.js';
import { withTokenNotes } from './routeNotes.js';
import { rememberingNavDb } from './lookupCache.js';
import { RouteTokens } from './tokens.js';
import { compactSymbolicLatLons, latLonCode, parseLatLonToken } from './latLon.js';
import { makeWaypoint, waypointFromMatch } from './waypoint.js';

export interface ParseRouteOptions {
  /** Route timestamp, ms since the epoch. */
  now: number;
}

/** Airway-looking ids reported as unknown airways (not as unrecognised tokens) when the database lacks them. */
const AIRWAY_SHAPE = /^[VJTQ]\d{1,4}$/;
/** Cruise altitude suffix, feet, on the last token: `KMRY.6500`. */
const ALTITUDE_SUFFIX = /^(.*)\.(\d{1,5})$/;
const MIN_ALTITUDE_FT = 100;
const MAX_ALTITUDE_FT = 60000;

/**
 * The airport of a shared ident at the route's first and last points, the navaid at the points
 * between (samePlaceOfKind), for the points looked up by a shared ident (`shared`: by slot).
 */
function preferByPlaceInRoute(db: NavDb, slots: (Waypoint | string | null)[], shared: ReadonlyMap<number, { token: string; match: WaypointMatch }>): void {
  if (shared.size === 0) return;
  const isPoint = (s: Waypoint | string | null | undefined): s is Waypoint => typeof s === 'object' && s !== null && s.type !== 'AIRWAY';
  const first = slots.findIndex(isPoint);
  const last = slots.findLastIndex(isPoint);
  for (const [slot, { token, match }] of shared) {
    const chosen = samePlaceOfKind(db, token, match, slot === first || slot === last ? 'AIRPORT' : 'NAVAID');
    if (chosen !== match) slots[slot] = waypointFromMatch(chosen);
  }
}

/** Splits the cruise altitude suffix off the last token, when there is one. */
function splitAltitude(tokens: string[], invalid: string[]): number | null {
  const last = tokens[tokens.length - 1];
  if (last === undefined) return null;
  const m = ALTITUDE_SUFFIX.exec(last);
  if (!m) return null;
  const head = m[1]!;
  // `37.75/-122.5` is a position, not `37.75/-122` at 5 ft.
  if (head !== '' && (parseLatLonToken(last) !== null || (!/[A-Z]/.test(head) && parseLatLonToken(head) === null))) return null;
  const alt = Number(m[2]);
  if (head === '') tokens.pop();
  else tokens[tokens.length - 1] = head;
  if (alt < MIN_ALTITUDE_FT || alt > MAX_ALTITUDE_FT) {
    invalid.push(`.${m[2]}`);
    return null;
  }
  return alt;
}

/** A procedure token `DP.TRANSITION` / `TRANSITION.STAR[.RUNWAY]` at the origin or destination, or null. */
function procedureWaypoint(db: NavDb, token: string, origin: Waypoint | undefined, destination: Waypoint | undefined): Waypoint | null {
  const parts = token.split('.');
  if (parts.some((p) => p === '')) return null;
  const tryAt = (airport: Waypoint | undefined, kind: 'SID' | 'STAR'): Waypoint | null => {
    if (!airport || airport.type !== 'AIRPORT') return null;
    // The procedures module expands the token when it knows the procedure and its fixes.
    const expanded = procedureTokenWaypoint(db, airport.code, token, kind === 'SID' ? 'DP' : 'STAR');
    if (expanded) return { ...expanded, code: token, fixed: true };
    const procs: Procedure[] = db.procedures(airport.code, kind);
    for (const proc of procs) {
      const at = parts.indexOf(proc.id);
      if (at < 0) continue;
      const transitions = new Set(proc.transitions.map((t) => t.id));
      if (!parts.every((p, i) => i === at || transitions.has(p))) continue;
      return makeWaypoint(token, kind === 'SID' ? 'DP' : 'STAR', airport.location.lat, airport.location.lon, {
        name: proc.id,
        fixed: true,
        insertBefore: kind !== 'SID',
        insertAfter: kind === 'SID',
      });
    }
    return null;
  };
  return tryAt(origin, 'SID') ?? tryAt(destination, 'STAR');
}

/**
 * Parses a route string (spec part 2 §3 and §7 "parseRoute(text, profile)"): airports, navaids,
 * fixes, airways between entry and exit fixes, DCT, lat/lon points, DP and STAR tokens and a
 * cruise altitude suffix (`KSQL SJC KMRY.6500`, feet). Never throws on bad input: unrecognised
 * tokens go to invalid_tokens, airway problems to airway_errors. Ambiguous idents resolve to the
 * candidate nearest the previous point (the airway's own point next to an airway) and are flagged;
 * an airport and a navaid of one ident in one place are the airport at the route's ends and the
 * navaid between them.
 */
export function parseRoute(text: string, profile: AircraftProfile, database: NavDb, options: ParseRouteOptions): Route {
  // Lookups by ident are remembered per database (lookupCache.ts): a record is built once, not per token.
  const db = rememberingNavDb(database);
  const normalized = text.trim().toUpperCase();
  const typed = compactSymbolicLatLons(normalized).split(/\s+/).filter((t) => t !== '');
  const tokens = [...typed];
  while (tokens[tokens.length - 1] === 'DCT') tokens.pop();
  const invalid: string[] = [];
  const altitude = splitAltitude(tokens, invalid);
  // Field 15 words and speed/level groups, radial forms and the notes on tokens (tokens.ts).
  const extra = new RouteTokens(db, options.now, invalid, typed);
  const routeTokens = extra.routeTokens(tokens);

  // The airway graph of each token between the ends (null for other tokens), looked up once per token.
  const graphs = routeTokens.map((t, i) => (i > 0 && i < routeTokens.length - 1 ? airwayGraph(db, t) : null));
  // First pass: points and airways; procedure tokens wait for the origin and destination.
  const slots: (Waypoint | string | null)[] = [];
  let ref: DbLatLon | null = null;
  let firstUnreferenced: { slot: number; token: string } | null = null;
  /** Points looked up by an ident other points share (not an airway's own point), by slot. */
  const shared = new Map<number, { token: string; match: WaypointMatch }>();
  routeTokens.forEach((token, i) => {
    const pos = parseLatLonToken(token);
    if (pos) {
      const code = latLonCode(pos.latDeg, pos.lonDeg);
      slots.push(makeWaypoint(code, 'LATLONG', pos.latDeg, pos.lonDeg));
      ref = pos;
      return;
    }
    if (token.includes('.')) {
      slots.push(token);
      return;
    }
    if (graphs[i]) {
      slots.push(makeWaypoint(token, 'AIRWAY', ref?.latDeg ?? 0, ref?.lonDeg ?? 0, { name: token }));
      return;
    }
    // Next to an airway, the candidate on that airway (airwayMembership.ts); elsewhere the nearest.
    const onAirway = pointOnAirways(db, token, graphs[i - 1] ?? null, graphs[i + 1] ?? null, ref);
    const near = onAirway ? { latDeg: onAirway.latDeg, lonDeg: onAirway.lonDeg } : ref;
    const match = onAirway ?? db.getWaypoint(token, near);
    if (match) {
      if (near === null && match.ambiguous) firstUnreferenced = { slot: slots.length, token };
      // The airway decides its own point; other shared idents are settled once the ends are known.
      if (!onAirway && match.ambiguous) shared.set(slots.length, { token, match });
      slots.push(waypointFromMatch(match));
      ref = { latDeg: match.latDeg, lonDeg: match.lonDeg };
    } else if (AIRWAY_SHAPE.test(token)) {
      // An unknown airway is an airway problem, not an unrecognised token.
      slots.push(makeWaypoint(token, 'AIRWAY', ref?.latDeg ?? 0, ref?.lonDeg ?? 0, { name: token }));
    } else {
      const radial = extra.radialSlot(token, i, ref);
      if (radial?.waypoint) ref = { latDeg: radial.waypoint.location.lat, lonDeg: radial.waypoint.location.lon };
      // A name that is nothing else may be a SID or STAR written without dots: it waits for the
      // origin and destination (procedureTokens.ts), which make it a procedure or an invalid token.
      slots.push(radial ? (radial.waypoint ?? null) : token);
    }
  });

  // An ambiguous first point has no previous one: when the candidate nearest the point after it is
  // elsewhere (not just the VOR beside the airport of that name), take that one.
  if (firstUnreferenced) {
    const { slot, token } = firstUnreferenced;
    const first = slots[slot] as Waypoint;
    const after = slots.slice(slot + 1).find((s): s is Waypoint => typeof s === 'object' && s !== null && s.type !== 'AIRWAY');
    const match = after ? db.getWaypoint(token, { latDeg: after.location.lat, lonDeg: after.location.lon }) : null;
    if (match && greatCircleDistanceNm(first.location.lat, first.location.lon, match.latDeg, match.lonDeg) > SAME_PLACE_NM) {
      slots[slot] = waypointFromMatch(match);
      shared.set(slot, { token, match });
    }
  }
  preferByPlaceInRoute(db, slots, shared);

  const procedureNotes: TokenNote[] = [];
  resolveProcedureNames(db, slots, invalid, procedureNotes);
  extra.resolveSegments(slots);
  extra.applySpeedLevels(slots);
  const points = slots.filter((s): s is Waypoint => typeof s === 'object' && s !== null && s.type !== 'AIRWAY');
  const origin = points[0];
  const destination = points.length > 1 ? points[points.length - 1] : undefined;
  const waypoints: Waypoint[] = [];
  for (const slot of slots) {
    if (slot === null) continue;
    if (typeof slot === 'string') {
      const proc = procedureWaypoint(db, slot, origin, destination);
      if (proc) waypoints.push(proc);
      else invalid.push(slot);
      continue;
    }
    waypoints.push(slot);
  }
  // With the invalid tokens gone, a bare procedure may stand beside its transition fix after all.
  if (invalid.length > 0) joinTransitionsAcrossDropped(db, waypoints, (token) => procedureWaypoint(db, token, origin, destination));
  // The waypoints were built for this parse alone: the route takes them over without a copy.
  const route = buildRouteOf(waypoints, {
    profile,
    db,
    now: options.now,
    altitudeFt: altitude ?? profile.altitude,
    search_string: normalized,
    invalid_tokens: invalid,
  });
  return withTokenNotes(db, extra.finish(route), procedureNotes);
}
