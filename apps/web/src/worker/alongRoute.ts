import type { Route, Waypoint } from '@clearway/flightplan';
import { airportsAlongRoute, type CorridorInclude, type LatLon, type NavDb } from '@clearway/navdb';
import type { AlongRouteAirport, AlongRouteMethods, AlongRouteParams, AlongRouteResult } from './alongRouteMessages';

/**
 * Along the Route in the routing worker (issue 17): the route's points from its navlog legs (or its
 * waypoints before the analysis), the corridor search of @clearway/navdb on the loaded database, and
 * each airport's ETA interpolated linearly in distance along the leg it lies beside, between the
 * navlog's times at the leg's ends (departure time, then each leg's `eta`).
 */

interface TimedPoint extends LatLon {
  code: string;
  /** Epoch ms the aircraft passes the point; null without a navlog. */
  timeMs: number | null;
}

function invalid(where: string, what: string): TypeError {
  return new TypeError(`alongRoute: ${where} ${what}`);
}

/** Checks the parameters as they arrive from the page; throws a TypeError naming the field that is wrong. */
export function validateAlongRouteParams(params: unknown): AlongRouteParams {
  if (typeof params !== 'object' || params === null) throw invalid('params', 'must be an object');
  const { route, corridorNm, alternates } = params as Record<string, unknown>;
  if (typeof route !== 'object' || route === null) throw invalid('route', 'must be a route object');
  const r = route as Partial<Route>;
  if (!Array.isArray(r.all_legs) || !Array.isArray(r.all_waypoints) || !Array.isArray(r.waypoints)) {
    throw invalid('route', 'must have waypoints, all_waypoints and all_legs arrays');
  }
  if (typeof corridorNm !== 'number') throw invalid('corridorNm', `must be a number of nm, not ${JSON.stringify(corridorNm)}`);
  if (alternates !== undefined && !(Array.isArray(alternates) && alternates.every((a) => typeof a === 'string'))) {
    throw invalid('alternates', 'must be a list of airport codes');
  }
  return { route: route as Route, corridorNm, ...(alternates ? { alternates: alternates as string[] } : {}) };
}

function hasPosition(w: Waypoint): boolean {
  return !w.invalid && Number.isFinite(w.location?.lat) && Number.isFinite(w.location?.lon);
}

/**
 * The route's points with the times the navlog passes them: from `all_legs` (first leg's start at
 * the departure time, each leg's end at its `eta`), else from `all_waypoints` / `waypoints` untimed.
 * Points without a usable position (an invalid waypoint) are left out and said so.
 */
export function timedRoutePoints(route: Route, problems: string[] = []): TimedPoint[] {
  const out: TimedPoint[] = [];
  const push = (w: Waypoint | undefined, timeMs: number | null | undefined) => {
    if (!w) return;
    if (!hasPosition(w)) {
      problems.push(`Route point ${w.code || '(unnamed)'} has no position and is left out`);
      return;
    }
    out.push({ code: w.code, latDeg: w.location.lat, lonDeg: w.location.lon, timeMs: typeof timeMs === 'number' && Number.isFinite(timeMs) ? timeMs : null });
  };
  const legs = route.all_legs;
  if (legs.length > 0) {
    const timed = typeof route.etd_ms === 'number' && legs.every((l) => typeof l.eta === 'number');
    push(legs[0]!.start, timed ? route.etd_ms : null);
    for (const leg of legs) push(leg.end, timed ? leg.eta : null);
    return out;
  }
  for (const w of route.all_waypoints.length >= 2 ? route.all_waypoints : route.waypoints) push(w, null);
  return out;
}

function airportCode(w: Waypoint | null): string | null {
  return w && w.type === 'AIRPORT' && !w.invalid && w.code ? w.code : null;
}

/** `alongRoute`: the corridor search on the loaded database, timed by the route's navlog. */
export function alongRoute(db: NavDb, params: AlongRouteParams): AlongRouteResult {
  const problems: string[] = [];
  const points = timedRoutePoints(params.route, problems);
  const include: CorridorInclude[] = [];
  const origin = airportCode(params.route.origin);
  const destination = airportCode(params.route.destination);
  if (origin) include.push({ code: origin, role: 'departure' });
  if (destination) include.push({ code: destination, role: 'destination' });
  for (const code of params.alternates ?? []) if (code.trim()) include.push({ code: code.trim(), role: 'alternate' });

  const found = airportsAlongRoute(db, points, { corridorNm: params.corridorNm, include });
  const airports = found.airports.map((c): AlongRouteAirport => {
    const a = c.airport;
    // A one-point route has one zero-length leg from the point to itself.
    const from = points[c.legIndex]!;
    const to = points[Math.min(points.length - 1, c.legIndex + 1)]!;
    const etaMs = from.timeMs !== null && to.timeMs !== null ? from.timeMs + c.legFraction * (to.timeMs - from.timeMs) : null;
    return {
      id: a.id,
      ident: a.icaoId ?? a.id,
      icaoId: a.icaoId,
      faaId: a.faaId,
      name: a.name,
      city: a.city,
      state: a.state,
      latDeg: a.latDeg,
      lonDeg: a.lonDeg,
      elevationFt: a.elevationFt,
      type: a.type,
      role: c.role,
      inCorridor: c.inCorridor,
      alongNm: c.alongNm,
      offsetNm: c.offsetNm,
      legIndex: c.legIndex,
      legFrom: from.code,
      legTo: to.code,
      etaMs: etaMs === null ? null : Math.round(etaMs),
    };
  });
  return {
    airports,
    corridorNm: found.corridorNm,
    routeNm: found.routeNm,
    etdMs: points[0]?.timeMs ?? null,
    problems: [...problems, ...found.problems],
  };
}

/** The handler table entry (joined into the worker's handlers with the loaded database). */
export function createAlongRouteHandlers(loaded: () => NavDb): { [M in keyof AlongRouteMethods]: (params: AlongRouteMethods[M]['params']) => AlongRouteMethods[M]['result'] } {
  return { alongRoute: (params) => alongRoute(loaded(), validateAlongRouteParams(params)) };
}
