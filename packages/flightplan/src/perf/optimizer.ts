import type { AircraftProfile, Route, Waypoint } from '../model.js';
import { UNKNOWN_ALT } from '../model.js';
import type { FlightPlanOptions } from './flightPlan.js';
import { runFlightPlan } from './flightPlan.js';
import { initialCourseDegTrue, normalizeDeg } from './sphere.js';
import type { VariationLookup } from './variation.js';
import { wmmVariation } from './variation.js';

/** One row of the altitude optimizer (spec part 2 §3 "Optimizer row"). */
export interface OptimizerRow {
  /** Feet. */
  altitude: number;
  /** Knots. */
  avg_gs: number;
  /** Minutes. */
  total_min: number;
  /** US gallons. */
  total_fuel: number;
  /** °C; 9999 unknown. */
  avg_temp: number;
}

export interface OptimizerOptions extends Omit<FlightPlanOptions, 'altitudeFt'> {
  /** Highest candidate, feet: default 17,500 for VFR and 18,000 for IFR. */
  ceilingFt?: number;
}

export const VFR_CEILING_FT = 17_500;
export const IFR_CEILING_FT = 18_000;

/**
 * Cruise altitudes of the hemispheric rule from `floorFt` up to `ceilingFt`, feet: VFR odd thousands
 * + 500 eastbound (magnetic course 0–179°), even thousands + 500 westbound; IFR odd thousands
 * eastbound, even thousands westbound. The first is the lowest valid altitude at or above the floor.
 */
export function hemisphericAltitudes(isVfr: boolean, isEast: boolean, floorFt: number, ceilingFt: number): number[] {
  const offset = isVfr ? 500 : 0;
  // Thousands parity: odd eastbound, even westbound; candidates are 2,000 ft apart.
  const firstThousand = isEast ? 1 : 2;
  const out: number[] = [];
  let k = Math.max(0, Math.ceil((floorFt - offset - firstThousand * 1000) / 2000));
  for (let alt = (firstThousand + 2 * k) * 1000 + offset; alt <= ceilingFt; k++, alt = (firstThousand + 2 * k) * 1000 + offset) {
    out.push(alt);
  }
  return out;
}

const elevation = (w: Waypoint | null | undefined): number => (w && w.elevation !== UNKNOWN_ALT && Number.isFinite(w.elevation) ? w.elevation : 0);

/** The optimizer's floor: the higher of the two airport elevations plus 1,000 ft. */
export function optimizerFloorFt(route: Route): number {
  const pts = route.all_waypoints.length >= 2 ? route.all_waypoints : route.waypoints;
  const origin = route.origin ?? pts[0];
  const destination = route.destination ?? pts[pts.length - 1];
  return Math.max(elevation(origin), elevation(destination)) + 1000;
}

/**
 * The altitude optimizer (spec part 2 §4 "Optimizer", §7 getOptimizerOutput): for each candidate
 * cruise altitude of the hemispheric rule, the route's average ground speed, time, fuel and average
 * temperature from runFlightPlan at that altitude. Lowest altitude first.
 */
export function getOptimizerOutput(
  route: Route,
  isVfr: boolean,
  isEast: boolean,
  profile: AircraftProfile,
  options: OptimizerOptions,
): OptimizerRow[] {
  const ceiling = options.ceilingFt ?? (isVfr ? VFR_CEILING_FT : IFR_CEILING_FT);
  const { ceilingFt: _ceiling, ...planOptions } = options;
  return hemisphericAltitudes(isVfr, isEast, optimizerFloorFt(route), ceiling).map((altitude) => {
    const r = runFlightPlan(route, profile, { ...planOptions, altitudeFt: altitude });
    return { altitude, avg_gs: r.avg_gs, total_min: r.total_min, total_fuel: r.total_fuel, avg_temp: r.avg_temp };
  });
}

/**
 * The optimizer's default East/West choice: eastbound when the magnetic course from the first to the
 * last point is 0–179°. Variation from `variationAt` (default the WMM) at the first point at
 * `timeMs`, as the navlog takes it, else the first point's published variation; true course when
 * neither is known. False for a route of fewer than two points.
 */
export function isEastbound(route: Route, timeMs: number, variationAt: VariationLookup | null = wmmVariation): boolean {
  const pts = route.all_waypoints.length >= 2 ? route.all_waypoints : route.waypoints;
  const first = pts[0];
  const last = pts[pts.length - 1];
  if (!first || !last || pts.length < 2) return false;
  const published = Number.isFinite(first.variation) && Math.abs(first.variation) <= 180 ? first.variation : null;
  const variation = variationAt?.(first.location.lat, first.location.lon, timeMs) ?? published ?? 0;
  return normalizeDeg(initialCourseDegTrue(first.location, last.location) - variation) < 180;
}
