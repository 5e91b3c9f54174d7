import { UNKNOWN_VARIATION_DEG } from '@clearway/geo';
import type { Route, Waypoint, WaypointType } from '../model.js';
import { UNKNOWN_ALT, UNKNOWN_TEMP } from '../model.js';

/** A waypoint for tests and benchmarks, with the model's defaults (spec part 2 §3). */
export function makeWaypoint(code: string, lat: number, lon: number, extra: Partial<Waypoint> = {}): Waypoint {
  const type: WaypointType = extra.type ?? (code.length === 4 && code.startsWith('K') ? 'AIRPORT' : 'FIX');
  return {
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

/** A route as the parser leaves it (legs empty) over the given waypoints; all_waypoints the same list. */
export function makeRoute(waypoints: Waypoint[], allWaypoints: Waypoint[] = waypoints): Route {
  return {
    ts: 0,
    search_string: waypoints.map((w) => w.code).join(' '),
    final_string: waypoints.map((w) => w.code).join(' '),
    total_distance: 0,
    total_min: 0,
    avg_gs: 0,
    altitude: UNKNOWN_ALT,
    waypoints,
    all_waypoints: allWaypoints,
    legs: [],
    all_legs: [],
    origin: waypoints[0] ?? null,
    destination: waypoints[waypoints.length - 1] ?? null,
    invalid_tokens: [],
    airway_errors: [],
    vnav_errors: [],
    total_fuel: 0,
    avg_temp: UNKNOWN_TEMP,
    unknown_temp: true,
  };
}
