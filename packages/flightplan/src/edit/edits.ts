import type { NavDb } from '@clearway/navdb';
import { ALT_TYPES, DIRECT_TO_CODE, UNKNOWN_ALT, type AircraftProfile, type AltType, type Route, type Waypoint } from '../model.js';
import { cloneWaypoint } from '../parse/waypoint.js';
import { indexOf, rebuild, resolveWaypoint, type EditOptions, type WaypointInput } from './context.js';

/*
 * Route edits of spec part 2 §4 and §7. Each returns a new route stamped with options.now and
 * never mutates its input; an edit that cannot apply (unknown reference, unresolvable code) returns
 * the same waypoints rebuilt.
 */

function typedCopy(route: Route): Waypoint[] {
  return route.waypoints.map(cloneWaypoint);
}

function insertAt(route: Route, at: number, input: WaypointInput, profile: AircraftProfile, db: NavDb, options: EditOptions): Route {
  const typed = typedCopy(route);
  const near = typed[Math.max(0, Math.min(at, typed.length) - 1)] ?? typed[0];
  const w = resolveWaypoint(db, input, near, at === 0 || at === typed.length ? 'end' : 'between');
  if (w) typed.splice(at, 0, { ...cloneWaypoint(w), directTo: false });
  return rebuild(route, typed, profile, db, options);
}

export function addWaypointBeginning(route: Route, waypoint: WaypointInput, profile: AircraftProfile, db: NavDb, options: EditOptions): Route {
  return insertAt(route, 0, waypoint, profile, db, options);
}

export function addWaypointEnd(route: Route, waypoint: WaypointInput, profile: AircraftProfile, db: NavDb, options: EditOptions): Route {
  return insertAt(route, route.waypoints.length, waypoint, profile, db, options);
}

/** Inserts before `reference` (spec addWaypoint1). */
export function addWaypoint1(route: Route, waypoint: WaypointInput, reference: WaypointInput, profile: AircraftProfile, db: NavDb, options: EditOptions): Route {
  const i = indexOf(route, reference);
  return i < 0 ? rebuild(route, typedCopy(route), profile, db, options) : insertAt(route, i, waypoint, profile, db, options);
}

/** Inserts after `reference` (spec addWaypoint2). */
export function addWaypoint2(route: Route, waypoint: WaypointInput, reference: WaypointInput, profile: AircraftProfile, db: NavDb, options: EditOptions): Route {
  const i = indexOf(route, reference);
  return i < 0 ? rebuild(route, typedCopy(route), profile, db, options) : insertAt(route, i + 1, waypoint, profile, db, options);
}

function swap(route: Route, i: number, j: number, profile: AircraftProfile, db: NavDb, options: EditOptions): Route {
  const typed = typedCopy(route);
  if (i >= 0 && j >= 0 && i < typed.length && j < typed.length) [typed[i], typed[j]] = [typed[j]!, typed[i]!];
  return rebuild(route, typed, profile, db, options);
}

/** Moves a waypoint one place towards the start. */
export function moveUp(route: Route, waypoint: WaypointInput, profile: AircraftProfile, db: NavDb, options: EditOptions): Route {
  const i = indexOf(route, waypoint);
  return swap(route, i, i - 1, profile, db, options);
}

/** Moves a waypoint one place towards the end. */
export function moveDown(route: Route, waypoint: WaypointInput, profile: AircraftProfile, db: NavDb, options: EditOptions): Route {
  const i = indexOf(route, waypoint);
  return swap(route, i, i < 0 ? -1 : i + 1, profile, db, options);
}

/**
 * Removes a waypoint (an airway id removes the airway). Given by code, the first waypoint with that
 * code goes; given as a Waypoint of this route (a leg's end, with its original_index), exactly that
 * one goes, so a code repeated in the route (KHWD SUNOL KHWD) removes the right one.
 */
export function removeWaypoint(route: Route, code: WaypointInput, profile: AircraftProfile, db: NavDb, options: EditOptions): Route {
  const typed = typedCopy(route);
  const i = indexOf(route, code);
  if (i >= 0) typed.splice(i, 1);
  return rebuild(route, typed, profile, db, options);
}

/**
 * The route flown the other way. Airways stay between the same fixes; DPs, STARs, the approach and
 * the direct-to point are dropped because they do not reverse.
 */
export function reverseRoute(route: Route, profile: AircraftProfile, db: NavDb, options: EditOptions): Route {
  const typed = typedCopy(route)
    .filter((w) => w.type !== 'DP' && w.type !== 'STAR' && w.code !== DIRECT_TO_CODE)
    .reverse()
    .map((w) => ({ ...w, directTo: false, appch: null, has_approach: false, expanded_waypoints: w.type === 'AIRWAY' ? [...w.expanded_waypoints].reverse() : w.expanded_waypoints }));
  return rebuild(route, typed, profile, db, options);
}

/** Altitude constraint text: a number of feet, optionally prefixed by an alt_type (`@5000`, `+4500`, `VNAV 9000`). */
function parseConstraint(altitude: number | string): { alt1: number; type: AltType } | null {
  if (typeof altitude === 'number') return Number.isFinite(altitude) && altitude >= 0 ? { alt1: Math.round(altitude), type: 'VNAV' } : null;
  const m = /^(VNAV|[@+VJH])?\s*(\d{1,5})$/i.exec(altitude.trim());
  if (!m) return null;
  const type = (m[1]?.toUpperCase() ?? 'VNAV') as AltType;
  return (ALT_TYPES as readonly string[]).includes(type) ? { alt1: Number(m[2]), type } : null;
}

/**
 * Sets the altitude constraint of a waypoint (also one inside an airway or procedure), feet; -1
 * clears it. A bare number is a VNAV constraint; text may carry the type (`@5000`, `+4500`).
 * Unparseable text leaves the route as it was (the editor shows 'Invalid Number'). Given by code,
 * the first waypoint with that code is constrained; given as a Waypoint of this route (a leg's end,
 * with its original_index), exactly that one is: the typed waypoint at that index, or the point of
 * that code inside the airway or procedure at that index.
 */
export function setAltitude1(route: Route, code: WaypointInput, altitude: number | string, profile: AircraftProfile, db: NavDb, options: EditOptions): Route {
  const typed = typedCopy(route);
  const key = (typeof code === 'string' ? code : code.code).trim().toUpperCase();
  const clear = altitude === -1 || altitude === '-1' || altitude === '';
  const c = clear ? null : parseConstraint(altitude);
  const apply = (w: Waypoint) => {
    if (clear) Object.assign(w, { alt1: UNKNOWN_ALT, alt2: UNKNOWN_ALT, alt_type: '' });
    else if (c) Object.assign(w, { alt1: c.alt1, alt2: UNKNOWN_ALT, alt_type: c.type });
  };
  const host = typeof code !== 'string' && code.original_index >= 0 ? typed[code.original_index] : undefined;
  const exact = host ? (host.code === key ? host : host.expanded_waypoints.find((w) => w.code === key)) : undefined;
  const target = exact ?? typed.find((w) => w.code === key) ?? typed.flatMap((w) => w.expanded_waypoints).find((w) => w.code === key);
  if (target) apply(target);
  return rebuild(route, typed, profile, db, options);
}

/**
 * Removes an airway, given by id or by a waypoint expanded from it (its `airway` field), so its
 * entry and exit are flown direct. Given by id, the first airway with that id goes; given as a
 * waypoint of this route (the airway itself or one of its points, with its original_index), exactly
 * that airway goes, so an airway repeated in the route removes the right one.
 */
export function removeAirway(route: Route, airway: WaypointInput, profile: AircraftProfile, db: NavDb, options: EditOptions): Route {
  const id = typeof airway === 'string' ? airway.trim().toUpperCase() : airway.type === 'AIRWAY' ? airway.code : (airway.airway ?? '');
  const typed = typedCopy(route);
  const at = typeof airway === 'string' ? -1 : airway.original_index;
  const exact = at >= 0 && typed[at]?.type === 'AIRWAY' && typed[at].code === id;
  const i = exact ? at : typed.findIndex((w) => w.type === 'AIRWAY' && w.code === id);
  if (i >= 0) typed.splice(i, 1);
  return rebuild(route, typed, profile, db, options);
}
