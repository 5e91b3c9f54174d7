import { greatCircleCrossTrackNm, EARTH_RADIUS_NM, nearestForBlend } from '@clearway/geo';
import type { LatLon, Route } from '../model.js';
import { distanceNm, initialCourseDegTrue, intermediatePoint } from './sphere.js';

/**
 * What the vertical profile draws over the planned path and the terrain (issue 24), each from data
 * the app has: the airways' minimum enroute altitudes per leg (from the nav database, carried on the
 * route's points by the parser: `Waypoint.airway_leg`), the freezing level along the route (from the
 * FB winds-aloft temperatures), and the aircraft's position at its distance along the route. Pure.
 * Airspace floors and ceilings and obstacles are not here: the nav data has no airspace shapes and
 * no obstacle file.
 */

/** A run of legs flown on one airway at one MEA. */
export interface MeaStep {
  airway: string;
  /** Along-route distance where the step starts and ends, nautical miles. */
  fromNm: number;
  toNm: number;
  /** Minimum enroute altitude, feet. */
  meaFt: number;
}

/**
 * The MEA step line of a planned route (`runFlightPlan` has filled `all_legs`): one step per run of
 * consecutive legs on the same airway with the same MEA; legs off airways, with errors, or whose
 * airway segment has no MEA in the nav data have none.
 */
export function airwayMeaSteps(route: Route): MeaStep[] {
  const steps: MeaStep[] = [];
  for (const leg of route.all_legs) {
    const on = leg.end.airway_leg;
    if (leg.has_errors || leg.distance <= 0 || !on || on.mea_ft === null || !Number.isFinite(on.mea_ft)) continue;
    const fromNm = leg.distanceSoFar;
    const toNm = leg.distanceSoFar + leg.distance;
    const last = steps[steps.length - 1];
    if (last && last.airway === on.airway && last.meaFt === on.mea_ft && Math.abs(last.toNm - fromNm) < 1e-6) last.toNm = toNm;
    else steps.push({ airway: on.airway, fromNm, toNm, meaFt: on.mea_ft });
  }
  return steps;
}

/** A forecast temperature at one level (an FB bulletin's column), °C; null where none is forecast. */
export interface LevelTemperature {
  altitudeFt: number;
  temperatureC: number | null;
}

/** A winds-aloft station's temperatures: its position and its levels (`@clearway/weather` FbStation levels fit). */
export interface StationTemperatures {
  id: string;
  lat: number;
  lon: number;
  levels: readonly LevelTemperature[];
}

/**
 * Where the temperature reaches 0 °C, feet. `below`: already below freezing at the lowest level with a
 * temperature (the FB gives none at 3,000 ft), so the freezing level is at or below `altitudeFt`.
 */
export interface FreezingLevel {
  altitudeFt: number;
  below: boolean;
}

/**
 * A station's freezing level: the lowest altitude where its temperature falls from above 0 °C to 0 °C
 * or below, linear between the two levels either side. Below freezing at its lowest forecast level:
 * that level, `below`. Above freezing at every level, or no temperatures: null.
 */
export function stationFreezingLevel(levels: readonly LevelTemperature[]): FreezingLevel | null {
  const known = levels
    .filter((l): l is { altitudeFt: number; temperatureC: number } => l.temperatureC !== null && Number.isFinite(l.temperatureC) && Number.isFinite(l.altitudeFt))
    .sort((a, b) => a.altitudeFt - b.altitudeFt);
  const first = known[0];
  if (!first) return null;
  if (first.temperatureC < 0) return { altitudeFt: first.altitudeFt, below: true };
  if (first.temperatureC === 0) return { altitudeFt: first.altitudeFt, below: false };
  for (let i = 1; i < known.length; i++) {
    const a = known[i - 1]!;
    const b = known[i]!;
    if (a.temperatureC > 0 && b.temperatureC <= 0) {
      return { altitudeFt: a.altitudeFt + ((b.altitudeFt - a.altitudeFt) * a.temperatureC) / (a.temperatureC - b.temperatureC), below: false };
    }
  }
  return null;
}

/** The freezing level at a point along the route. */
export interface FreezingPoint extends FreezingLevel {
  alongNm: number;
  /** The nearest station used. */
  stationId: string;
}

export interface FreezingOptions {
  /** Stations farther than this are not used, nautical miles (default 300, as the navlog's winds). */
  maxDistanceNm?: number;
  /** How many of the nearest stations are blended (default 3, as the navlog's winds). */
  stationCount?: number;
}

/**
 * The freezing level at each point (`alongNm`, `lat`, `lon`): each station's level
 * (`stationFreezingLevel`), blended over the nearest `stationCount` stations within `maxDistanceNm` by
 * inverse distance squared, the way the navlog blends winds (both select and weigh with geo's
 * `nearestForBlend`; a point closer than 0.01 nm to a station uses that station alone). When the
 * nearest station is below freezing at its lowest level, the point is `below` that level. Points
 * with no station in reach are left out.
 */
export function freezingLevelAlong(points: readonly { alongNm: number; lat: number; lon: number }[], stations: readonly StationTemperatures[], options: FreezingOptions = {}): FreezingPoint[] {
  const maxDistanceNm = options.maxDistanceNm ?? 300;
  const count = Math.max(1, options.stationCount ?? 3);
  const levels = stations
    .map((s) => ({ s, lat: s.lat, lon: s.lon, level: stationFreezingLevel(s.levels) }))
    .filter((x): x is { s: StationTemperatures; lat: number; lon: number; level: FreezingLevel } => x.level !== null);
  const out: FreezingPoint[] = [];
  for (const p of points) {
    const near = nearestForBlend(levels, p.lat, p.lon, { count, maxDistanceNm });
    const nearest = near[0]?.item;
    if (nearest === undefined) continue;
    if (nearest.level.below) {
      out.push({ alongNm: p.alongNm, altitudeFt: nearest.level.altitudeFt, below: true, stationId: nearest.s.id });
      continue;
    }
    let sum = 0;
    let weights = 0;
    let used = 0;
    for (const { item, weight } of near) {
      if (item.level.below) continue;
      used++;
      sum += weight * item.level.altitudeFt;
      weights += weight;
    }
    // One station used (at a station, or the others below freezing): its level as it is.
    const altitudeFt = used === 1 || !Number.isFinite(weights) ? nearest.level.altitudeFt : sum / weights;
    out.push({ alongNm: p.alongNm, altitudeFt, below: false, stationId: nearest.s.id });
  }
  return out;
}

/** Where the aircraft is along the route. */
export interface RoutePosition {
  /** Along-route distance from the first waypoint, nautical miles. */
  alongNm: number;
  /** Distance off the route's nearest leg, nautical miles (positive right of it). */
  crossTrackNm: number;
  /** Index into `all_legs` of that leg. */
  legIndex: number;
}

/**
 * The aircraft's position projected on the planned route: the leg whose great circle (between its
 * ends) passes nearest, and the distance along the route of the foot of the perpendicular (clamped
 * to the leg), scaled to the leg's navlog length. Null for a route without legs.
 */
export function positionAlongRoute(route: Route, at: LatLon): RoutePosition | null {
  let best: (RoutePosition & { offNm: number }) | null = null;
  route.all_legs.forEach((leg, legIndex) => {
    if (leg.has_errors || leg.distance <= 0) return;
    const a = leg.start.location;
    const b = leg.end.location;
    const lengthNm = distanceNm(a, b);
    if (lengthNm <= 0) return;
    const toPointNm = distanceNm(a, at);
    const offDeg = initialCourseDegTrue(a, at) - initialCourseDegTrue(a, b);
    const crossTrackNm = greatCircleCrossTrackNm(toPointNm, offDeg);
    // Along-track distance on the sphere: cos(d13) = cos(xtd) cos(atd); negative behind the start.
    const cosAtd = Math.cos(toPointNm / EARTH_RADIUS_NM) / Math.cos(crossTrackNm / EARTH_RADIUS_NM);
    const atdNm = Math.acos(Math.max(-1, Math.min(1, cosAtd))) * EARTH_RADIUS_NM * (Math.cos((offDeg * Math.PI) / 180) < 0 ? -1 : 1);
    const fraction = Math.min(1, Math.max(0, atdNm / lengthNm));
    const offNm = distanceNm(intermediatePoint(a, b, fraction), at);
    if (!best || offNm < best.offNm) best = { alongNm: leg.distanceSoFar + fraction * leg.distance, crossTrackNm, legIndex, offNm };
  });
  if (!best) return null;
  const { alongNm, crossTrackNm, legIndex } = best as RoutePosition & { offNm: number };
  return { alongNm, crossTrackNm, legIndex };
}
