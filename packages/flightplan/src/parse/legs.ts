import { UNKNOWN_VARIATION_DEG } from '@clearway/geo';
import type { Leg, Waypoint } from '../model.js';

/**
 * Leg skeletons between consecutive waypoints (start/end pairs, numbers zero, no weather) for
 * runFlightPlan to fill. A leg has errors when either end is invalid; it is fixed when its end was
 * expanded from an airway or procedure.
 */
export function legSkeletons(waypoints: readonly Waypoint[]): Leg[] {
  const legs: Leg[] = [];
  for (let i = 1; i < waypoints.length; i++) {
    const start = waypoints[i - 1]!;
    const end = waypoints[i]!;
    legs.push({
      start,
      end,
      has_errors: start.invalid || end.invalid,
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
      fixed: end.fixed && (end.airway ?? null) !== null,
      climb: 0,
      descent: 0,
      wxPoints: [],
      variation_available: start.variation !== UNKNOWN_VARIATION_DEG,
    });
  }
  return legs;
}
