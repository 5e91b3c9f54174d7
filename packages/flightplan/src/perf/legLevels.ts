import type { Waypoint } from '../model.js';

/** The cruise altitude (feet) and true airspeed (knots) of each leg when the route files them. */
export interface LegLevels {
  /** True when any point carries a speed/level group (ICAO field 15): legs then show their level and TAS. */
  filed: boolean;
  /** The altitude the route's first level sets, feet, or null when none is filed before the first leg. */
  initialAltitudeFt: number | null;
  /** Per leg (points[i] to points[i + 1]): cruise altitude, feet, or null for the route's own. */
  altitudeFt: (number | null)[];
  /** Per leg: cruise true airspeed, knots, or null for the profile's. */
  tasKt: (number | null)[];
}

/**
 * Speed/level groups apply from the point they are filed at to the next change: leg i flies the
 * last level and speed filed at or before its start point.
 */
export function legLevels(points: readonly Waypoint[]): LegLevels {
  let alt: number | null = null;
  let tas: number | null = null;
  let filed = false;
  const altitudeFt: (number | null)[] = [];
  const tasKt: (number | null)[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const w = points[i]!;
    if (w.speed_level !== undefined) {
      filed = true;
      alt = w.cruise_altitude ?? alt;
      tas = w.cruise_tas ?? tas;
    }
    altitudeFt.push(alt);
    tasKt.push(tas);
  }
  return { filed, initialAltitudeFt: altitudeFt[0] ?? null, altitudeFt, tasKt };
}
