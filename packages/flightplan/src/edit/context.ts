import type { NavDb } from '@clearway/navdb';
import type { AircraftProfile, Route, Waypoint } from '../model.js';
import { buildRoute } from '../parse/buildRoute.js';
import { latLonCode, parseLatLonToken } from '../parse/latLon.js';
import { samePlaceOfKind } from '../parse/samePlace.js';
import { makeWaypoint, waypointFromMatch } from '../parse/waypoint.js';

export interface EditOptions {
  /** Timestamp of the new route, ms since the epoch. */
  now: number;
}

/** A waypoint as the edits accept it: a resolved waypoint, or a code to look up. */
export type WaypointInput = Waypoint | string;

/** Rebuilds a route from an edited waypoint list, keeping its cruise altitude. */
export function rebuild(route: Route, typed: readonly Waypoint[], profile: AircraftProfile, db: NavDb, options: EditOptions, altitudeFt = route.altitude): Route {
  return buildRoute(typed, { profile, db, now: options.now, altitudeFt });
}

/** Index in route.waypoints of a waypoint given by code or object (same code and, when set, same original_index). */
export function indexOf(route: Route, ref: WaypointInput): number {
  const code = (typeof ref === 'string' ? ref : ref.code).trim().toUpperCase();
  if (typeof ref !== 'string' && ref.original_index >= 0) {
    const w = route.waypoints[ref.original_index];
    if (w && w.code === code) return ref.original_index;
  }
  return route.waypoints.findIndex((w) => w.code === code);
}

/** Where a typed code goes: the route's first or last point, or a point between them. */
export type RoutePlace = 'end' | 'between';

/**
 * A waypoint for a code typed in the editor: a lat/lon form, an airway id, or the airport, navaid or
 * fix nearest `near`. Where an airport and a navaid share the ident in one place (OAK), the airport
 * at an end of the route and the navaid between, as parseRoute reads the same string. Null when
 * nothing matches. A Waypoint passes through unchanged.
 */
export function resolveWaypoint(db: NavDb, input: WaypointInput, near: Waypoint | undefined, place: RoutePlace = 'between'): Waypoint | null {
  if (typeof input !== 'string') return input;
  const code = input.trim().toUpperCase();
  if (code === '') return null;
  const pos = parseLatLonToken(code);
  if (pos) return makeWaypoint(latLonCode(pos.latDeg, pos.lonDeg), 'LATLONG', pos.latDeg, pos.lonDeg);
  const ref = near ? { latDeg: near.location.lat, lonDeg: near.location.lon } : null;
  const match = db.getWaypoint(code, ref);
  if (match) return waypointFromMatch(samePlaceOfKind(db, code, match, place === 'end' ? 'AIRPORT' : 'NAVAID'));
  if (db.airway(code)) return makeWaypoint(code, 'AIRWAY', near?.location.lat ?? 0, near?.location.lon ?? 0, { name: code });
  return null;
}
