import type { Leg, Waypoint } from '../model.js';

/**
 * The point of `all` a top-level waypoint ends at: an airway's, DP's or STAR's last expanded point,
 * else itself (an airport's approach is flown before the airport, which stays the anchor).
 */
const expands = (w: Waypoint): boolean => w.type === 'AIRWAY' || w.type === 'DP' || w.type === 'STAR';

function anchorOf(w: Waypoint): Waypoint {
  const last = expands(w) ? w.expanded_waypoints[w.expanded_waypoints.length - 1] : undefined;
  return last ?? w;
}

const samePoint = (a: Waypoint, b: Waypoint): boolean =>
  a === b || (a.code === b.code && Math.abs(a.location.lat - b.location.lat) < 1e-9 && Math.abs(a.location.lon - b.location.lon) < 1e-9);

/**
 * Top-level legs (between the route's `waypoints`) from the legs along the expanded points (`all`):
 * each top-level leg sums the expanded legs from its start's anchor to its end's anchor (an airway,
 * DP or STAR anchors at its last expanded point). A waypoint that cannot be found in `all` gives a leg
 * with errors and zero values; one merged into the previous expansion gives a zero-length leg.
 */
export function collapseLegs(waypoints: Waypoint[], all: Waypoint[], allLegs: Leg[]): Leg[] {
  if (waypoints === all || (waypoints.length === all.length && waypoints.every((w, i) => w === all[i]))) {
    return allLegs.slice();
  }
  const anchors: number[] = [];
  let cursor = 0;
  for (const w of waypoints) {
    const target = anchorOf(w);
    let found = -1;
    // An airway with no points between its entry and exit adds nothing: it anchors where the last one did.
    if (expands(w) && w.expanded_waypoints.length === 0 && anchors.length > 0) {
      found = anchors[anchors.length - 1] ?? -1;
      anchors.push(found);
      continue;
    }
    for (let j = cursor; j < all.length; j++) {
      const a = all[j] as Waypoint;
      if (samePoint(a, target) || samePoint(a, w)) {
        found = j;
        break;
      }
    }
    anchors.push(found);
    if (found >= 0) cursor = found;
  }
  const legs: Leg[] = [];
  for (let k = 0; k + 1 < waypoints.length; k++) {
    const start = waypoints[k] as Waypoint;
    const end = waypoints[k + 1] as Waypoint;
    const a = anchors[k] ?? -1;
    const b = anchors[k + 1] ?? -1;
    // a === b: the end was merged into the start's expansion (an airway ending at the next fix).
    const found = a >= 0 && b >= a;
    const parts = found ? allLegs.slice(a, b) : [];
    const first = parts[0];
    const last = parts[parts.length - 1];
    const distance = parts.reduce((s, l) => s + l.distance, 0);
    const time = parts.reduce((s, l) => s + l.time, 0);
    const prev = legs[legs.length - 1];
    legs.push({
      start,
      end,
      has_errors: !found || start.invalid || end.invalid || parts.some((l) => l.has_errors),
      distance,
      distanceSoFar: first?.distanceSoFar ?? prev?.cum_distance ?? 0,
      course: first?.course ?? 0,
      gs: time > 0 ? (distance / time) * 60 : 0,
      time,
      fuel: parts.reduce((s, l) => s + l.fuel, 0),
      cum_distance: last?.cum_distance ?? prev?.cum_distance ?? 0,
      cum_time: last?.cum_time ?? prev?.cum_time ?? 0,
      cum_fuel: last?.cum_fuel ?? prev?.cum_fuel ?? 0,
      mh: first?.mh ?? 0,
      fixed: start.fixed && end.fixed,
      climb: parts.reduce((s, l) => s + l.climb, 0),
      descent: parts.reduce((s, l) => s + l.descent, 0),
      wxPoints: parts.flatMap((l) => l.wxPoints),
      variation_available: parts.length > 0 ? parts.every((l) => l.variation_available) : (prev?.variation_available ?? false),
      eta: last?.eta ?? prev?.eta,
      true_course: first?.true_course,
      ...(first?.true_heading !== undefined ? { true_heading: first.true_heading } : {}),
      ...(first?.wind !== undefined ? { wind: first.wind } : {}),
      variation: first?.variation,
      fuel_remaining: last?.fuel_remaining ?? prev?.fuel_remaining,
      // The radial out of the station the top-level leg starts at (its first expanded leg's).
      ...(first?.radial !== undefined ? { radial: first.radial } : {}),
      // The filed cruise level and TAS (ICAO speed/level groups) of its first expanded leg.
      ...(first?.cruise_altitude !== undefined ? { cruise_altitude: first.cruise_altitude, tas: first.tas } : {}),
    });
  }
  return legs;
}
