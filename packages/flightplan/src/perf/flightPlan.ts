import { geodesicLeg, UNKNOWN_VARIATION_DEG } from '@clearway/geo';
import type { AircraftProfile, Leg, LatLon, LegWind, Route, VerticalPoint, Waypoint, WindsAloftSource, WindsForecast, WxPoint } from '../model.js';
import { UNKNOWN_ALT, UNKNOWN_TEMP } from '../model.js';
import { collapseLegs } from './collapseLegs.js';
import { legLevels } from './legLevels.js';
import { isAirwayLeg, vorRadial } from './radial.js';
import { radialSegmentOf } from './radialSegment.js';
import { intermediatePoint, normalizeDeg } from './sphere.js';
import type { VariationLookup } from './variation.js';
import { wmmVariation } from './variation.js';
import { verticalProfile } from './verticalProfile.js';
import { isaTemperatureC, windTriangle } from './windTriangle.js';


export interface FlightPlanOptions {
  /** Winds and temperatures aloft; null or absent means calm and ISA. */
  winds?: WindsAloftSource | null;
  /** The current time, epoch milliseconds (departure is now + profile.etd unless etd_iso is set). */
  now: number;
  /**
   * Magnetic variation at a leg's start on the day of departure: default the WMM (`wmmVariation`).
   * Where it gives nothing (or it is null) the start waypoint's published variation is used, and
   * without that the leg has none (magnetic values then equal true ones, `variation_available` false).
   */
  variationAt?: VariationLookup | null;
  /** Cruise altitude to plan at instead of the route's (or else the profile's), feet (the optimizer's candidates). */
  altitudeFt?: number;
}

type Phase = 'climb' | 'cruise' | 'descent';

/** A cruise altitude written at the end of the route text, as the parser keeps it. */
const ROUTE_ALTITUDE_SUFFIX = /\.\d{1,5}$/;

interface Sample {
  dirDegTrue: number;
  speedKt: number;
  /** Reported temperature, °C, or null (ISA used). */
  tempC: number | null;
  wx: WxPoint | null;
  forecast: WindsForecast | null;
}

interface Geometry {
  start: Waypoint;
  end: Waypoint;
  ok: boolean;
  distanceNm: number;
  courseDegTrue: number;
  variationDeg: number;
  variationAvailable: boolean;
  /** The VOR radial flown on an airway leg out of a VOR, else null. */
  radial: number | null;
  mid: LatLon;
  distanceSoFarNm: number;
}

const finitePoint = (w: Waypoint): boolean => Number.isFinite(w.location.lat) && Number.isFinite(w.location.lon);
const knownVariation = (v: number): boolean => Number.isFinite(v) && Math.abs(v - UNKNOWN_VARIATION_DEG) > 1e-6 && Math.abs(v) <= 180;
const elevationOf = (w: Waypoint | undefined): number => (w && w.elevation !== UNKNOWN_ALT && Number.isFinite(w.elevation) ? w.elevation : 0);

/** Departure time, epoch ms: the profile's etd_iso when it parses, else now + etd minutes. */
export function departureTimeMs(profile: AircraftProfile, now: number): number {
  const iso = profile.etd_iso ? Date.parse(profile.etd_iso) : NaN;
  return Number.isFinite(iso) ? iso : now + (Number.isFinite(profile.etd) ? profile.etd : 0) * 60_000;
}

/**
 * Legs along `points`: spherical distance, initial true course, and the magnetic variation at the
 * leg's start from the model on the day of departure. The magnetic course is set at the start of
 * the leg, where the pilot sets it, so course and variation are both taken there (on a long leg
 * like KSFO–KJFK both change along the way; the navlog gives the course to turn to at the start).
 * The published variation of a nav record (whole degrees of an old epoch, KHWD 15° E against
 * 12.7° E today) is used only when the model gives nothing, and for the VOR radial.
 */
function geometries(route: Route, points: Waypoint[], etdMs: number, variationAt: VariationLookup | null): Geometry[] {
  const out: Geometry[] = [];
  let soFar = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i] as Waypoint;
    const end = points[i + 1] as Waypoint;
    const ok = !start.invalid && !end.invalid && finitePoint(start) && finitePoint(end);
    // The leg as flown and charted: the WGS84 geodesic (the spec's sphere is off by up to 0.5%).
    const leg = ok ? geodesicLeg(start.location.lat, start.location.lon, end.location.lat, end.location.lon) : null;
    const d = leg?.distanceNm ?? 0;
    const course = leg?.courseDegTrue ?? 0;
    const mid = ok ? intermediatePoint(start.location, end.location, 0.5) : start.location;
    let variation: number | null = null;
    if (ok && variationAt) {
      const v = variationAt(start.location.lat, start.location.lon, etdMs);
      variation = v !== null && Number.isFinite(v) ? v : null;
    }
    if (variation === null && knownVariation(start.variation)) variation = start.variation;
    const airwayRadial = ok && points === route.all_waypoints && isAirwayLeg(route, start, end) ? vorRadial(start, course) : null;
    // A radial segment of the route string (`PWL PWL111 BRISS`) names the radial the leg follows.
    const radial = airwayRadial ?? (ok ? radialSegmentOf(start, end) : null);
    out.push({
      start,
      end,
      ok,
      distanceNm: d,
      courseDegTrue: course,
      variationDeg: variation ?? 0,
      variationAvailable: variation !== null,
      radial,
      mid,
      distanceSoFarNm: soFar,
    });
    soFar += d;
  }
  return out;
}

/** The point `alongNm` from the first waypoint, on the leg it falls on. */
function pointAlong(geoms: Geometry[], alongNm: number, altitudeFt: number): VerticalPoint | null {
  for (let i = 0; i < geoms.length; i++) {
    const g = geoms[i] as Geometry;
    if (!g.ok || g.distanceNm <= 0) continue;
    const isLast = geoms.slice(i + 1).every((h) => !h.ok || h.distanceNm <= 0);
    if (alongNm <= g.distanceSoFarNm + g.distanceNm + 1e-9 || isLast) {
      const f = Math.min(1, Math.max(0, (alongNm - g.distanceSoFarNm) / g.distanceNm));
      const p = intermediatePoint(g.start.location, g.end.location, f);
      return { lat: p.lat, lon: p.lon, distanceFromStart: alongNm, legIndex: i, altitudeFt };
    }
  }
  return null;
}

/**
 * The navlog (spec part 2 §2, §3): a new route whose `all_legs` follow `all_waypoints` (and `legs`
 * the top-level `waypoints`, summed over their expansions) with distance (great circle on the spec's
 * sphere), initial true course, magnetic course and wind-corrected magnetic heading (today's model
 * variation at the leg's start), the VOR radial on airway legs out of a VOR, ground speed, time
 * (minutes), fuel (US gal), cumulative values, climb and descent portions, ETA and fuel remaining, plus the
 * route totals, top of climb and top of descent. Winds come from `options.winds` at each leg's
 * midpoint at the altitude of each phase; without a sample the leg is flown in calm air at ISA.
 * Legs with an invalid endpoint, or a ground speed of 0 or less, have `has_errors` and add no time.
 */
export function runFlightPlan(route: Route, profile: AircraftProfile, options: FlightPlanOptions): Route {
  const etdMs = departureTimeMs(profile, options.now);
  const points = route.all_waypoints.length >= 2 ? route.all_waypoints : route.waypoints;
  const geoms = geometries(route, points, etdMs, options.variationAt === undefined ? wmmVariation : options.variationAt);
  // An altitude written in the route (`KSFO KLAX.8500`, kept in final_string) wins over the
  // profile's; otherwise the profile's, so changing the profile re-plans a parsed route at the new one.
  const routeAltitude = ROUTE_ALTITUDE_SUFFIX.test(route.final_string) && route.altitude !== UNKNOWN_ALT && route.altitude > 0 ? route.altitude : null;
  // ICAO speed/level groups (legLevels.ts): the first level is the one climbed to; later ones set
  // the cruise altitude of the legs after them (the step itself is not flown as a climb or descent).
  const levels = legLevels(points);
  const cruiseFt = options.altitudeFt ?? routeAltitude ?? levels.initialAltitudeFt ?? profile.altitude;
  const winds = options.winds ?? null;

  let asked = 0;
  let found = 0;
  const cache = new Map<string, Sample | null>();
  const sample = (i: number, altitudeFt: number): Sample | null => {
    if (!winds) return null;
    const key = `${i}:${Math.round(altitudeFt)}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const g = geoms[i] as Geometry;
    // Time of passage estimated at cruise airspeed, so the lookup does not depend on its own answer.
    const timeMs = etdMs + ((g.distanceSoFarNm + g.distanceNm / 2) / Math.max(1, profile.airspeed)) * 3_600_000;
    const w = winds.windAt({ lat: g.mid.lat, lon: g.mid.lon, altitudeFt, timeMs });
    const s: Sample | null = w && Number.isFinite(w.directionDeg) && Number.isFinite(w.speedKt)
      ? {
          dirDegTrue: w.directionDeg,
          speedKt: w.speedKt,
          tempC: w.temperatureC !== null && Number.isFinite(w.temperatureC) ? w.temperatureC : null,
          wx: { station_id: w.stationId, lat: w.stationLat, lon: w.stationLon, passing: 0.5, aloft: [...w.aloft] },
          forecast: w.forecast ? { id: w.forecast.id, use_from: w.forecast.use_from, use_to: w.forecast.use_to } : null,
        }
      : null;
    cache.set(key, s);
    return s;
  };
  const tasOf = (phase: Phase, i: number): number =>
    phase === 'climb' ? profile.climb_speed : phase === 'descent' ? profile.descent_speed : (levels.tasKt[i] ?? profile.airspeed);
  const triangle = (i: number, phase: Phase, altitudeFt: number) => {
    const g = geoms[i] as Geometry;
    const s = sample(i, altitudeFt);
    return { tri: windTriangle(g.courseDegTrue, tasOf(phase, i), s?.dirDegTrue ?? 0, s?.speedKt ?? 0), s };
  };

  const depFt = elevationOf(points[0]);
  const destFt = elevationOf(points[points.length - 1]);
  const vp = verticalProfile({
    legDistancesNm: geoms.map((g) => g.distanceNm),
    departureElevationFt: depFt,
    destinationElevationFt: destFt,
    cruiseAltitudeFt: cruiseFt,
    climbRateFpm: profile.climb_rate,
    descentRateFpm: profile.descent_rate,
    climbTasKt: profile.climb_speed,
    descentTasKt: profile.descent_speed,
    gsOf: (i, phase, alt) => {
      const { tri } = triangle(i, phase, alt);
      return tri.ok ? tri.gsKt : 0;
    },
  });
  const top = vp.topAltitudeFt;
  const phaseAlt: Record<Phase, number> = {
    climb: (depFt + Math.max(depFt, top)) / 2,
    cruise: top,
    descent: (destFt + Math.max(destFt, top)) / 2,
  };
  const phaseGph: Record<Phase, number> = { climb: profile.climb_fuel, cruise: profile.gph, descent: profile.descent_fuel };
  // A filed level sets the cruise of its legs unless the caller plans at one altitude (the optimizer) or the route is too short to reach it.
  const altOf = (phase: Phase, i: number): number =>
    phase === 'cruise' && options.altitudeFt === undefined && !vp.short ? (levels.altitudeFt[i] ?? top) : phaseAlt[phase];

  const allLegs: Leg[] = [];
  let cumDistance = 0;
  let cumTime = 0;
  let cumFuel = 0;
  let tempWeighted = 0;
  let tempWeight = 0;
  let unknownTemp = geoms.length === 0;
  const forecasts = new Map<string, WindsForecast>();
  for (let i = 0; i < geoms.length; i++) {
    const g = geoms[i] as Geometry;
    const climb = vp.climbNm[i] ?? 0;
    const descent = vp.descentNm[i] ?? 0;
    const portions: [Phase, number, number][] = [
      ['climb', climb, climb / 2],
      ['cruise', Math.max(0, g.distanceNm - climb - descent), climb + Math.max(0, g.distanceNm - climb - descent) / 2],
      ['descent', descent, g.distanceNm - descent / 2],
    ];
    let hasErrors = !g.ok;
    let time = 0;
    let fuel = 0;
    let dominant = -1;
    let headingTrue = g.courseDegTrue;
    let legWind: LegWind | null = null;
    const wxPoints: WxPoint[] = [];
    for (const [phase, nm, centreNm] of portions) {
      if (nm <= 1e-9) continue;
      const { tri, s } = triangle(i, phase, altOf(phase, i));
      if (winds) {
        asked++;
        if (s) found++;
      }
      if (!tri.ok) {
        hasErrors = true;
        continue;
      }
      const minutes = (nm / tri.gsKt) * 60;
      time += minutes;
      fuel += (minutes / 60) * phaseGph[phase];
      if (nm > dominant) {
        dominant = nm;
        headingTrue = tri.headingDegTrue;
        legWind = s ? { direction: s.dirDegTrue, speed: s.speedKt, temperature: s.tempC, altitude: altOf(phase, i) } : null;
      }
      if (s?.forecast && !forecasts.has(s.forecast.id)) forecasts.set(s.forecast.id, s.forecast);
      if (s?.wx) wxPoints.push({ ...s.wx, aloft: [...s.wx.aloft], passing: g.distanceNm > 0 ? centreNm / g.distanceNm : 0.5 });
      // Average temperature over the cruise (or over whatever is flown when there is no cruise).
      if (phase === 'cruise' || vp.short) {
        const t = s?.tempC ?? null;
        if (t === null) unknownTemp = true;
        tempWeighted += (t ?? isaTemperatureC(altOf(phase, i))) * nm;
        tempWeight += nm;
      }
    }
    const distance = g.distanceNm;
    cumDistance += distance;
    cumTime += time;
    cumFuel += fuel;
    allLegs.push({
      start: g.start,
      end: g.end,
      has_errors: hasErrors,
      distance,
      distanceSoFar: g.distanceSoFarNm,
      course: normalizeDeg(g.courseDegTrue - g.variationDeg),
      gs: time > 0 ? (distance / time) * 60 : 0,
      time,
      fuel,
      cum_distance: cumDistance,
      cum_time: cumTime,
      cum_fuel: cumFuel,
      mh: normalizeDeg(headingTrue - g.variationDeg),
      fixed: g.start.fixed && g.end.fixed,
      climb,
      descent,
      wxPoints,
      variation_available: g.variationAvailable,
      eta: etdMs + cumTime * 60_000,
      true_course: g.courseDegTrue,
      true_heading: normalizeDeg(headingTrue),
      variation: g.variationDeg,
      fuel_remaining: profile.starting_fuel - cumFuel,
      ...(g.radial !== null ? { radial: g.radial } : {}),
      ...(levels.filed ? { cruise_altitude: altOf('cruise', i), tas: tasOf('cruise', i) } : {}),
      ...(legWind ? { wind: legWind } : {}),
    });
  }

  const toc = vp.climbTotalNm > 0 ? pointAlong(geoms, vp.climbTotalNm, top) : null;
  const tod = vp.descentTotalNm > 0 ? pointAlong(geoms, cumDistance - vp.descentTotalNm, top) : null;
  const windsStatus = !winds || found === 0 ? 'unavailable' : found === asked ? 'forecast' : 'partial';
  return {
    ...route,
    all_legs: allLegs,
    legs: collapseLegs(route.waypoints, points, allLegs),
    total_distance: cumDistance,
    total_min: cumTime,
    avg_gs: cumTime > 0 ? (cumDistance / cumTime) * 60 : 0,
    total_fuel: cumFuel,
    altitude: cruiseFt,
    avg_temp: tempWeight > 0 ? tempWeighted / tempWeight : UNKNOWN_TEMP,
    unknown_temp: unknownTemp || tempWeight === 0,
    toc,
    tod,
    vertical_profile: vp.short ? 'short' : 'normal',
    cruise_altitude_flown: top,
    winds_status: windsStatus,
    winds_forecasts: [...forecasts.values()].sort((a, b) => a.use_from - b.use_from || a.id.localeCompare(b.id)),
    etd_ms: etdMs,
    fuel_remaining: profile.starting_fuel - cumFuel,
    has_errors: allLegs.some((l) => l.has_errors),
  };
}
