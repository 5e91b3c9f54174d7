import type { Leg, Route, Waypoint } from '@clearway/flightplan';
import type { AirmetSnapshot, FboSnapshot, MetarSnapshot, PirepSnapshot, TafSnapshot } from '@clearway/protocol';
import { EN_ROUTE_CORRIDOR_NM, PIREP_RADIUS_NM, type ClearSkyAdvisory, type ClearSkyLeg, type ClearSkyMetar, type ClearSkyPirep } from '@clearway/weather';
import type { ClearSkyRequest, ClearSkyTafInput, ClearSkyWeatherInput } from './clearsky';

/**
 * The page's side of ClearSky (issue 17): the `clearSky` request from the analysed route and the
 * weather snapshots, compact: only the METARs, TAFs, PIREPs and advisory areas within reach of the
 * route (the widest distance the analysis looks, PIREP_RADIUS_NM, plus a margin) cross to the worker.
 */

/** The snapshots ClearSky reads; null for a type the app does not have. */
export interface ClearSkySnapshots {
  metar: MetarSnapshot | null;
  taf: TafSnapshot | null;
  pirep: PirepSnapshot | null;
  airmet: AirmetSnapshot | null;
  fbo: FboSnapshot | null;
}

const UNKNOWN_ELEVATION_FT = -9999;
const NM_PER_DEG = 60;
/** How far around the route reports are sent, nautical miles (beyond what the analysis uses). */
export const CLEARSKY_REACH_NM = Math.max(EN_ROUTE_CORRIDOR_NM, PIREP_RADIUS_NM) + 10;

const elevation = (w: Waypoint): number | null => (w.elevation === UNKNOWN_ELEVATION_FT || !Number.isFinite(w.elevation) ? null : w.elevation);

/** The legs an analysed route flies (all_legs: airways expanded), as ClearSky reads them. Empty before runFlightPlan. */
export function clearSkyLegsOf(route: Route): ClearSkyLeg[] {
  const legs: Leg[] = route.all_legs.length > 0 ? route.all_legs : route.legs;
  const cruise = route.cruise_altitude_flown ?? route.altitude;
  let previousEta = route.etd_ms;
  const out: ClearSkyLeg[] = [];
  legs.forEach((leg) => {
    if (leg.eta === undefined || previousEta === undefined) return;
    const legCruise = leg.cruise_altitude ?? cruise;
    const cruiseNm = Math.max(0, leg.distance - leg.climb - leg.descent);
    let lowest = legCruise;
    if (leg.climb > 0) lowest = Math.min(lowest, elevation(leg.start) ?? 0);
    if (leg.descent > 0) lowest = Math.min(lowest, elevation(leg.end) ?? 0);
    // The altitude of the leg's longest portion, as the engine takes its wind: cruise, or the middle of the climb or descent.
    let altitude = legCruise;
    if (leg.climb > cruiseNm && leg.climb >= leg.descent) altitude = ((elevation(leg.start) ?? 0) + legCruise) / 2;
    else if (leg.descent > cruiseNm) altitude = ((elevation(leg.end) ?? 0) + legCruise) / 2;
    out.push({
      fromIdent: leg.start.code,
      toIdent: leg.end.code,
      from: { lat: leg.start.location.lat, lon: leg.start.location.lon },
      to: { lat: leg.end.location.lat, lon: leg.end.location.lon },
      fromIsAirport: leg.start.type === 'AIRPORT',
      toIsAirport: leg.end.type === 'AIRPORT',
      alongStartNm: leg.distanceSoFar,
      distanceNm: leg.distance,
      etaStartMs: previousEta,
      etaEndMs: leg.eta,
      altitudeFt: Math.round(wind(leg) ?? altitude),
      lowestFt: Math.round(lowest),
      highestFt: Math.round(legCruise),
    });
    previousEta = leg.eta;
  });
  return out;
}

/** The altitude the engine took the leg's wind at, when it had one. */
function wind(leg: Leg): number | null {
  return leg.wind ? leg.wind.altitude : null;
}

/** A box around the legs, degrees; null when the route crosses the antimeridian (nothing is cut then). */
interface Box {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

export function routeBox(legs: readonly ClearSkyLeg[], reachNm = CLEARSKY_REACH_NM): Box | null {
  if (legs.length === 0) return null;
  let minLat = 90;
  let maxLat = -90;
  let minLon = 180;
  let maxLon = -180;
  for (const leg of legs) {
    for (const p of [leg.from, leg.to]) {
      minLat = Math.min(minLat, p.lat);
      maxLat = Math.max(maxLat, p.lat);
      minLon = Math.min(minLon, p.lon);
      maxLon = Math.max(maxLon, p.lon);
    }
  }
  if (maxLon - minLon > 180) return null;
  const dLat = reachNm / NM_PER_DEG;
  const cos = Math.max(0.05, Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180));
  const dLon = dLat / cos;
  return { minLat: minLat - dLat, maxLat: maxLat + dLat, minLon: minLon - dLon, maxLon: maxLon + dLon };
}

const inBox = (box: Box | null, lat: number, lon: number): boolean => box === null || (lat >= box.minLat && lat <= box.maxLat && lon >= box.minLon && lon <= box.maxLon);

function ringTouchesBox(box: Box | null, ring: readonly (readonly [number, number])[]): boolean {
  if (box === null) return true;
  let minLat = 90;
  let maxLat = -90;
  let minLon = 180;
  let maxLon = -180;
  for (const [lon, lat] of ring) {
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
    minLon = Math.min(minLon, lon);
    maxLon = Math.max(maxLon, lon);
  }
  if (maxLon - minLon > 180) return true;
  return !(maxLat < box.minLat || minLat > box.maxLat || maxLon < box.minLon || minLon > box.maxLon);
}

/** The weather within reach of the legs, compact. */
export function clearSkyWeatherOf(snapshots: ClearSkySnapshots, legs: readonly ClearSkyLeg[]): ClearSkyWeatherInput {
  const box = routeBox(legs);
  const metars: ClearSkyMetar[] | null = snapshots.metar
    ? snapshots.metar.stations
        .filter((s) => inBox(box, s.lat, s.lon))
        .map((s) => ({ station: s.id, lat: s.lat, lon: s.lon, timeMs: s.time, category: s.cat, ceilingFt: s.ceilingFt, visibilitySm: s.visSm }))
    : null;
  const tafs: ClearSkyTafInput[] | null = snapshots.taf
    ? snapshots.taf.tafs.flatMap((t) => (t.lat !== null && t.lon !== null && inBox(box, t.lat, t.lon) ? [{ id: t.id, lat: t.lat, lon: t.lon, issued: t.issued, raw: t.raw }] : []))
    : null;
  const pireps: ClearSkyPirep[] | null = snapshots.pirep
    ? snapshots.pirep.reports
        .filter((r) => (r.turb !== null || r.icing !== null) && inBox(box, r.lat, r.lon))
        .map((r) => ({ lat: r.lat, lon: r.lon, timeMs: r.time, altitudeFt: r.altFt, turbulence: r.turb, icing: r.icing, aircraft: r.aircraft }))
    : null;
  const advisories: ClearSkyAdvisory[] | null = snapshots.airmet
    ? snapshots.airmet.advisories
        .filter((a) => ringTouchesBox(box, a.polygon))
        .map((a) => ({
          kind: a.kind,
          id: a.id,
          hazard: a.hazard,
          severity: a.severity,
          validFromMs: a.validFrom,
          validToMs: a.validTo,
          baseFt: a.baseFt,
          topFt: a.topFt,
          baseIsFreezingLevel: a.baseIsFreezingLevel,
          polygon: a.polygon,
        }))
    : null;
  return {
    metars,
    tafs,
    pireps,
    advisories,
    advisoriesAsOfMs: snapshots.airmet?.cycle ?? null,
    winds: snapshots.fbo ? { cycle: snapshots.fbo.cycle, bulletins: snapshots.fbo.bulletins.map(({ forecastHours, year, month, raw }) => ({ forecastHours, year, month, raw })) } : null,
  };
}

/** The whole `clearSky` request for an analysed route. */
export function clearSkyRequestOf(route: Route, snapshots: ClearSkySnapshots, cruiseAltitudeFt: number): ClearSkyRequest {
  const legs = clearSkyLegsOf(route);
  return { legs, departureMs: route.etd_ms ?? legs[0]?.etaStartMs ?? 0, cruiseAltitudeFt, weather: clearSkyWeatherOf(snapshots, legs) };
}
