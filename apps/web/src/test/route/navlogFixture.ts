import type { Leg, Route, Waypoint } from '@clearway/flightplan';
import { makeRoute, makeWaypoint } from '@clearway/flightplan/testing';

/** Test fixtures: hand-built waypoints, legs and routes with the model's defaults (spec part 2 §3). */

/** A waypoint near KHWD (37.6 N, 122.1 W): flightplan's makeWaypoint there. */
export function fixtureWaypoint(code: string, extra: Partial<Waypoint> = {}): Waypoint {
  return makeWaypoint(code, 37.6, -122.1, extra);
}

export function fixtureLeg(start: Waypoint, end: Waypoint, extra: Partial<Leg> = {}): Leg {
  return {
    start,
    end,
    has_errors: false,
    distance: 0,
    distanceSoFar: 0,
    course: 0,
    gs: 0,
    time: 0,
    fuel: 0,
    cum_distance: 0,
    cum_time: 0,
    cum_fuel: 0,
    mh: 0,
    fixed: false,
    climb: 0,
    descent: 0,
    wxPoints: [],
    variation_available: false,
    ...extra,
  };
}

/** A route over the waypoints with these legs (flightplan's makeRoute, stamped ts 1). */
export function fixtureRoute(waypoints: Waypoint[], legs: Leg[], extra: Partial<Route> = {}): Route {
  return { ...makeRoute(waypoints), ts: 1, legs, all_legs: legs, ...extra };
}
