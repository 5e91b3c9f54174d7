import { FT_PER_M } from '@clearway/geo';
import type { Route } from '../model.js';
import { UNKNOWN_ALT } from '../model.js';
import { airwayMeaSteps, freezingLevelAlong, positionAlongRoute, type FreezingPoint, type MeaStep, type StationTemperatures } from './profileOverlays.js';
import { intermediatePoint } from './sphere.js';

/**
 * The route's vertical profile as drawn under the map and on the route screen (issue 24): the
 * planned climb, cruise and descent from the engine's top of climb and top of descent
 * (`runFlightPlan`), over the highest terrain along the route. Pure: the terrain comes in through
 * `TerrainSource` (terrain tiles in the app, a `.hgt` cell in tests).
 */

/** Ground elevation at a position, metres above mean sea level; null where there is no data. */
export interface TerrainSource {
  elevationM(latDeg: number, lonDeg: number): number | null;
}

export interface ProfileSample {
  /** Along-route distance of the bin's centre from the first waypoint, nautical miles. */
  alongNm: number;
  lat: number;
  lon: number;
  /** The highest ground in the bin, feet; null when the terrain has no data anywhere in it. */
  terrainFt: number | null;
}

export interface ProfileVertex {
  alongNm: number;
  altitudeFt: number;
}

export interface RouteProfile {
  totalNm: number;
  /** Bins of equal length along the route, first to last. */
  samples: ProfileSample[];
  /** Length of a bin, nautical miles. */
  binNm: number;
  /** The planned flight path: departure elevation, top of climb, top of descent, destination elevation. */
  planned: ProfileVertex[];
  tocNm: number | null;
  todNm: number | null;
  /** Waypoints (of `all_waypoints`) at their along-route distance. */
  waypoints: { code: string; alongNm: number }[];
  /** The highest terrain sample and where it is; null without terrain data. */
  highestTerrain: { alongNm: number; terrainFt: number } | null;
  /**
   * Planned altitude minus terrain where it is least, feet, from 1,000 ft above the departure
   * airport to 1,000 ft above the destination; null without terrain data there.
   */
  leastClearance: { alongNm: number; clearanceFt: number } | null;
  /** The airways' MEAs over the legs flown on them (`airwayMeaSteps`); empty off airways. */
  meaSteps: MeaStep[];
  /** The freezing level at the bins' centres where winds-aloft temperatures reach (`freezingLevelAlong`); empty without. */
  freezing: FreezingPoint[];
  /** The aircraft at its distance along the route and its altitude (feet, null unknown); null when not flying. */
  aircraft: { alongNm: number; altitudeFt: number | null; crossTrackNm: number } | null;
}

export interface RouteProfileOptions {
  /** Number of bins (default 400, the width of a phone's chart in CSS px). */
  bins?: number;
  /**
   * Spacing of the terrain lookups inside a bin, nautical miles (default 0.05: about the 3-arc-second
   * grid of SRTM/NASADEM, 93 m), so a summit between bin centres is not missed; at most 64 per bin.
   */
  lookupNm?: number;
  /** Winds-aloft stations with their forecast temperatures, for the freezing level. */
  stations?: readonly StationTemperatures[];
  /** The aircraft's position and altitude (feet, null unknown) when flying. */
  aircraft?: { lat: number; lon: number; altitudeFt: number | null } | null;
}

const DEFAULT_BINS = 400;
const DEFAULT_LOOKUP_NM = 0.05;
const MAX_LOOKUPS_PER_BIN = 64;
/** Height above the departure and destination from which terrain clearance is judged, feet. */
const CLEARANCE_FROM_FIELD_FT = 1000;

const elevationFt = (ft: number | undefined): number => (ft !== undefined && ft !== UNKNOWN_ALT && Number.isFinite(ft) ? ft : 0);

/** The planned altitude at an along-route distance, feet (linear climb and descent between the vertices). */
export function plannedAltitudeFt(planned: readonly ProfileVertex[], alongNm: number): number {
  if (planned.length === 0) return 0;
  if (alongNm <= planned[0]!.alongNm) return planned[0]!.altitudeFt;
  for (let i = 1; i < planned.length; i++) {
    const a = planned[i - 1]!;
    const b = planned[i]!;
    if (alongNm <= b.alongNm) {
      const span = b.alongNm - a.alongNm;
      return span <= 0 ? b.altitudeFt : a.altitudeFt + ((b.altitudeFt - a.altitudeFt) * (alongNm - a.alongNm)) / span;
    }
  }
  return planned[planned.length - 1]!.altitudeFt;
}

/**
 * The vertical profile of a planned route (one `runFlightPlan` has filled: `all_legs`, `toc`, `tod`,
 * `cruise_altitude_flown`). Legs with errors have no length and are skipped. Each bin holds the
 * highest terrain of lookups `lookupNm` apart along the legs' great circles.
 */
export function routeProfile(route: Route, terrain: TerrainSource | null, options: RouteProfileOptions = {}): RouteProfile {
  const legs = route.all_legs.filter((l) => !l.has_errors && l.distance > 0);
  const totalNm = route.all_legs.reduce((s, l) => s + (l.has_errors ? 0 : l.distance), 0);
  const bins = Math.max(1, Math.floor(options.bins ?? DEFAULT_BINS));
  const binNm = totalNm > 0 ? totalNm / bins : 0;
  const lookupNm = Math.max(1e-3, options.lookupNm ?? DEFAULT_LOOKUP_NM);

  // Along-route start of each kept leg: distanceSoFar counts legs with errors as 0 nm too.
  const position = (alongNm: number): { lat: number; lon: number } => {
    let lo = 0;
    let hi = legs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (legs[mid]!.distanceSoFar <= alongNm) lo = mid;
      else hi = mid - 1;
    }
    const leg = legs[lo]!;
    const f = Math.min(1, Math.max(0, (alongNm - leg.distanceSoFar) / leg.distance));
    return intermediatePoint(leg.start.location, leg.end.location, f);
  };

  const samples: ProfileSample[] = [];
  if (legs.length > 0 && totalNm > 0) {
    const perBin = Math.min(MAX_LOOKUPS_PER_BIN, Math.max(1, Math.ceil(binNm / lookupNm)));
    for (let b = 0; b < bins; b++) {
      const from = b * binNm;
      const centre = from + binNm / 2;
      const at = position(centre);
      let highest: number | null = null;
      if (terrain) {
        // Lookups at the bin's start, its end and evenly between (both edges: a summit on an edge counts).
        for (let k = 0; k <= perBin; k++) {
          const p = k === perBin / 2 ? at : position(from + (binNm * k) / perBin);
          const m = terrain.elevationM(p.lat, p.lon);
          if (m !== null && Number.isFinite(m) && (highest === null || m > highest)) highest = m;
        }
      }
      samples.push({ alongNm: centre, lat: at.lat, lon: at.lon, terrainFt: highest === null ? null : highest * FT_PER_M });
    }
  }

  const points = route.all_waypoints.length >= 2 ? route.all_waypoints : route.waypoints;
  const depFt = elevationFt(points[0]?.elevation);
  const destFt = elevationFt(points[points.length - 1]?.elevation);
  const topFt = route.cruise_altitude_flown ?? Math.max(depFt, destFt);
  const tocNm = route.toc ? route.toc.distanceFromStart : null;
  const todNm = route.tod ? route.tod.distanceFromStart : null;
  const planned: ProfileVertex[] = [{ alongNm: 0, altitudeFt: depFt }];
  if (tocNm !== null) planned.push({ alongNm: tocNm, altitudeFt: topFt });
  else planned.push({ alongNm: 0, altitudeFt: topFt });
  if (todNm !== null) planned.push({ alongNm: todNm, altitudeFt: topFt });
  else planned.push({ alongNm: totalNm, altitudeFt: topFt });
  planned.push({ alongNm: totalNm, altitudeFt: destFt });

  const waypoints: { code: string; alongNm: number }[] = [];
  route.all_legs.forEach((l, i) => {
    if (i === 0) waypoints.push({ code: l.start.code, alongNm: 0 });
    waypoints.push({ code: l.end.code, alongNm: l.distanceSoFar + (l.has_errors ? 0 : l.distance) });
  });

  // The clearance is judged from 1,000 ft above the departure to 1,000 ft above the destination:
  // the take-off and the landing are close to the ground by design.
  const climbed = planned[1]!.altitudeFt - depFt;
  const descended = planned[2]!.altitudeFt - destFt;
  const fromNm = climbed > CLEARANCE_FROM_FIELD_FT ? planned[1]!.alongNm * (CLEARANCE_FROM_FIELD_FT / climbed) : planned[1]!.alongNm;
  const toNm = descended > CLEARANCE_FROM_FIELD_FT ? totalNm - (totalNm - planned[2]!.alongNm) * (CLEARANCE_FROM_FIELD_FT / descended) : planned[2]!.alongNm;
  let highestTerrain: RouteProfile['highestTerrain'] = null;
  let leastClearance: RouteProfile['leastClearance'] = null;
  for (const s of samples) {
    if (s.terrainFt === null) continue;
    if (!highestTerrain || s.terrainFt > highestTerrain.terrainFt) highestTerrain = { alongNm: s.alongNm, terrainFt: s.terrainFt };
    if (s.alongNm < fromNm || s.alongNm > toNm) continue;
    const clearance = plannedAltitudeFt(planned, s.alongNm) - s.terrainFt;
    if (!leastClearance || clearance < leastClearance.clearanceFt) leastClearance = { alongNm: s.alongNm, clearanceFt: clearance };
  }
  const freezing = options.stations && options.stations.length > 0 ? freezingLevelAlong(samples, options.stations) : [];
  const at = options.aircraft ? positionAlongRoute(route, options.aircraft) : null;
  const aircraft = at && options.aircraft ? { alongNm: at.alongNm, altitudeFt: options.aircraft.altitudeFt, crossTrackNm: at.crossTrackNm } : null;
  return { totalNm, samples, binNm, planned, tocNm, todNm, waypoints, highestTerrain, leastClearance, meaSteps: airwayMeaSteps(route), freezing, aircraft };
}
