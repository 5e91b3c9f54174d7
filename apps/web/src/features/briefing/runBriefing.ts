// The briefing actions (issue 22): the route planned again in the routing worker for the chosen
// departure time and altitude (each leg's ETA, as ClearSky does), the device's weather and the
// server's NOTAMs loaded, and the worker's `briefing` (decoding and @clearway/weather's
// assembleBriefing) run on them. Errors are returned as sentences that say what is wrong and where.
import type { AircraftProfile, Route } from '@clearway/flightplan';
import type { Briefing, BriefingScope } from '@clearway/weather';
import { clearSkyLegsOf } from '../../worker/clearskyInput';
import type { RoutingWorkerFacade } from '../../worker/facade';
import { briefingWeatherRequestOf, loadNotams, type BriefingSnapshots, type NotamSources } from './briefingInput';

export const MIN_ALTITUDE_FT = 500;
export const MAX_ALTITUDE_FT = 60_000;
export const MIN_RADIUS_NM = 5;
export const MAX_RADIUS_NM = 250;
/** Hours an area briefing can cover. */
export const MIN_HOURS = 1;
export const MAX_HOURS = 12;

export const NO_ROUTE_TEXT = 'No route to brief: enter a route on the Flight Plan page first.';
export const NO_ENGINE_TEXT = 'The routing engine is not available: reload the app, then ask for the briefing again.';

export interface BriefingContext {
  routing: Pick<RoutingWorkerFacade, 'call'> | undefined;
  loadSnapshots: () => Promise<BriefingSnapshots>;
  notams: NotamSources;
  now: () => number;
}

/** `unreadable`: the device's reports that did not decode and were left out (`TAF KXYZ: ...`), shown under the briefing. */
export type BriefingOutcome = { ok: true; briefing: Briefing; elapsedMs: number; unreadable: string[] } | { ok: false; error: string };

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function altitudeError(altitudeFt: number): string | null {
  if (Number.isFinite(altitudeFt) && altitudeFt >= MIN_ALTITUDE_FT && altitudeFt <= MAX_ALTITUDE_FT) return null;
  return `Altitude: enter ${MIN_ALTITUDE_FT.toLocaleString('en-US')} to ${MAX_ALTITUDE_FT.toLocaleString('en-US')} ft, not ${Number.isFinite(altitudeFt) ? altitudeFt : 'an empty field'}.`;
}

/** The briefing assembled in the routing worker; `elapsedMs` is the worker's decoding and assembly. */
async function assemble(routing: Pick<RoutingWorkerFacade, 'call'>, ctx: BriefingContext, scope: BriefingScope, airports: string[]): Promise<BriefingOutcome> {
  const [snapshots, notams] = await Promise.all([ctx.loadSnapshots(), loadNotams(airports, ctx.notams)]);
  const reply = await routing.call('briefing', { scope, nowMs: ctx.now(), weather: briefingWeatherRequestOf(snapshots), notams });
  return { ok: true, briefing: reply.briefing, elapsedMs: reply.elapsedMs, unreadable: reply.problems };
}

/** Route briefing: the current route at `departureMs` and `altitudeFt`. */
export async function runRouteBriefing(ctx: BriefingContext, route: Route | null, profile: AircraftProfile | null, departureMs: number, altitudeFt: number): Promise<BriefingOutcome> {
  if (!route || !route.final_string || route.waypoints.length < 2) return { ok: false, error: NO_ROUTE_TEXT };
  if (!Number.isFinite(departureMs)) return { ok: false, error: 'Departure: enter a date and time.' };
  const altError = altitudeError(altitudeFt);
  if (altError) return { ok: false, error: altError };
  if (!ctx.routing) return { ok: false, error: NO_ENGINE_TEXT };
  if (!profile) return { ok: false, error: 'The aircraft profile has not loaded yet: wait a moment, then ask again.' };
  try {
    const planned = await ctx.routing.call('runFlightPlan', { route, profile: { ...profile, etd_iso: new Date(departureMs).toISOString(), altitude: Math.round(altitudeFt) } });
    const legs = clearSkyLegsOf(planned);
    if (legs.length === 0) return { ok: false, error: 'The route could not be planned (no leg has an ETA): check it on the Flight Plan page.' };
    const airports = [...new Set(planned.waypoints.filter((w) => w.type === 'AIRPORT').map((w) => w.code))];
    return await assemble(ctx.routing, ctx, { kind: 'route', legs }, airports);
  } catch (error) {
    return { ok: false, error: `The briefing could not be made: ${messageOf(error)}` };
  }
}

/** A point typed as `lat, lon` in decimal degrees (`43.98, -88.56`); null when it is not one. */
export function parsePoint(text: string): { lat: number; lon: number } | null {
  const parts = text.trim().split(/[\s,]+/);
  if (parts.length !== 2 || !parts.every((p) => /^-?\d+(?:\.\d+)?$/.test(p))) return null;
  const lat = Number(parts[0]);
  const lon = Number(parts[1]);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}

export interface AreaRequest {
  /** An airport id (`KOSH`) or a point (`43.98, -88.56`). */
  place: string;
  radiusNm: number;
  fromMs: number;
  hours: number;
  altitudeFt: number;
}

/** Area briefing: an airport or a point, a radius and a time window. */
export async function runAreaBriefing(ctx: BriefingContext, req: AreaRequest): Promise<BriefingOutcome> {
  const place = req.place.trim().toUpperCase();
  if (place === '') return { ok: false, error: 'Airport or point: enter an airport id (KOSH) or a position (43.98, -88.56).' };
  if (!Number.isFinite(req.radiusNm) || req.radiusNm < MIN_RADIUS_NM || req.radiusNm > MAX_RADIUS_NM) return { ok: false, error: `Radius: enter ${MIN_RADIUS_NM} to ${MAX_RADIUS_NM} nm, not ${Number.isFinite(req.radiusNm) ? req.radiusNm : 'an empty field'}.` };
  if (!Number.isFinite(req.fromMs)) return { ok: false, error: 'From: enter a date and time.' };
  if (!Number.isFinite(req.hours) || req.hours < MIN_HOURS || req.hours > MAX_HOURS) return { ok: false, error: `For: enter ${MIN_HOURS} to ${MAX_HOURS} hours, not ${Number.isFinite(req.hours) ? req.hours : 'an empty field'}.` };
  const altError = altitudeError(req.altitudeFt);
  if (altError) return { ok: false, error: altError };
  const point = parsePoint(place);
  let center = point;
  let ident = place;
  if (!point) {
    if (!/^[A-Z0-9]{2,5}$/.test(place)) return { ok: false, error: `Airport or point: "${req.place.trim()}" is neither an airport id nor a position in degrees (43.98, -88.56).` };
    if (!ctx.routing) return { ok: false, error: NO_ENGINE_TEXT };
    try {
      const airport = await ctx.routing.call('airport', { code: place });
      if (!airport) return { ok: false, error: `Airport or point: no airport ${place} in the airport database.` };
      center = { lat: airport.latDeg, lon: airport.lonDeg };
      ident = airport.icaoId ?? airport.id;
    } catch (error) {
      return { ok: false, error: `The airport ${place} could not be looked up: ${messageOf(error)}` };
    }
  } else ident = `${point.lat.toFixed(2)}, ${point.lon.toFixed(2)}`;
  if (!ctx.routing) return { ok: false, error: NO_ENGINE_TEXT };
  const scope: BriefingScope = { kind: 'area', ident, isAirport: !point, center: center!, radiusNm: req.radiusNm, fromMs: req.fromMs, toMs: req.fromMs + req.hours * 3_600_000, altitudeFt: req.altitudeFt };
  try {
    return await assemble(ctx.routing, ctx, scope, point ? [] : [ident]);
  } catch (error) {
    return { ok: false, error: `The briefing could not be made: ${messageOf(error)}` };
  }
}
