import { UNKNOWN_ALT, UNKNOWN_TEMP, type Leg, type Route, type Waypoint } from '@clearway/flightplan';

/** Test fixtures: hand-built waypoints, legs and routes with the model's defaults (spec part 2 §3). */

export function fixtureWaypoint(code: string, extra: Partial<Waypoint> = {}): Waypoint {
  return {
    code,
    name: code,
    location: { lat: 37.6, lon: -122.1 },
    elevation: UNKNOWN_ALT,
    variation: 999.999,
    type: code.length === 4 && code.startsWith('K') ? 'AIRPORT' : 'FIX',
    directTo: false,
    invalid: false,
    has_approach: false,
    ambiguous: false,
    fixed: false,
    insertBefore: true,
    insertAfter: true,
    original_index: -1,
    appch: null,
    expanded_waypoints: [],
    alt1: UNKNOWN_ALT,
    alt2: UNKNOWN_ALT,
    alt_type: '',
    ...extra,
  };
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

export function fixtureRoute(waypoints: Waypoint[], legs: Leg[], extra: Partial<Route> = {}): Route {
  const text = waypoints.map((w) => w.code).join(' ');
  return {
    ts: 1,
    search_string: text,
    final_string: text,
    total_distance: 0,
    total_min: 0,
    avg_gs: 0,
    altitude: UNKNOWN_ALT,
    waypoints,
    all_waypoints: waypoints,
    legs,
    all_legs: legs,
    origin: waypoints[0] ?? null,
    destination: waypoints[waypoints.length - 1] ?? null,
    invalid_tokens: [],
    airway_errors: [],
    vnav_errors: [],
    total_fuel: 0,
    avg_temp: UNKNOWN_TEMP,
    unknown_temp: true,
    ...extra,
  };
}
