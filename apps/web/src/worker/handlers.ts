import { openNavDb, type Airport, type Fix, type NavDb, type Navaid } from '@clearway/navdb';
import { navDbLookup, resolvePlan } from '@clearway/planfiles';
import { airportFeatures, airportsShownAt, airwayFeatures, fixFeatures, navaidFeatures } from '@clearway/navdb';
import { createEngineHandlers } from './engineHandlers';
import { createAlongRouteHandlers } from './alongRoute';
import { createClearSkyHandlers } from './clearsky';
import { createBriefingHandlers } from './briefing';
import { createWeatherDecoder } from './weatherDecode';
import { serveRouting, type WorkerScopeLike } from './workerHost';
import { abortError, NavDbNotLoadedError, type RoutingMethod, type RoutingMethods, type RoutingParams, type RoutingResult } from './messages';

/** Idents looked up in one stationPlaces call at most (a FIS-B batch names far fewer). */
export const STATION_PLACES_MAX = 500;

/** What a handler gets besides its parameters: the call's signal, aborted when the caller cancels. */
export interface CallContext {
  signal: AbortSignal;
}

export type RoutingHandler<M extends RoutingMethod> = (
  params: RoutingParams<M>,
  context: CallContext,
) => RoutingResult<M> | Promise<RoutingResult<M>>;

/** One handler per method of the map: what both endpoints run. */
export type RoutingHandlers = { [M in RoutingMethod]: RoutingHandler<M> };

export interface RoutingHandlerOptions {
  /** Opens an artifact (default openNavDb from @clearway/navdb). */
  open?: (bytes: ArrayBuffer) => NavDb;
  /** Wall clock, ms since the epoch, for route timestamps and departure times (default Date.now). */
  clock?: () => number;
}

/**
 * The local engine behind the message map. It holds the one loaded nav database; loading another
 * replaces it once the new one has opened, so a bad artifact leaves the previous one in place.
 */
export function createRoutingHandlers({ open = openNavDb, clock = () => Date.now() }: RoutingHandlerOptions = {}): RoutingHandlers {
  let db: NavDb | null = null;
  const loaded = (): NavDb => {
    if (!db) throw new NavDbNotLoadedError();
    return db;
  };
  const weatherDecoder = createWeatherDecoder();

  const handlers: RoutingHandlers = {
    loadDatabase: ({ bytes }) => {
      const next = open(bytes);
      db = next;
      return next.header;
    },
    status: () => ({ loaded: db !== null, header: db?.header ?? null }),
    airportSummary: ({ code }) => loaded().airportSummary(code),
    getRunwayInfo: ({ airportId }) => loaded().getRunwayInfo(airportId),
    getWaypoint: ({ code, reference }) => loaded().getWaypoint(code, reference ?? null),
    search: ({ query, limit }) => loaded().search(query, limit === undefined ? undefined : { limit }),
    inBounds: ({ kind, bounds }) => loaded().inBounds(kind, bounds),
    airwaysInBounds: ({ bounds }) => loaded().airwaySegmentsInBounds(bounds),
    mapLayers: ({ bounds, zoom, fixes, airways }) => {
      const nav = loaded();
      return {
        airports: airportFeatures(airportsShownAt(nav.inBounds('airport', bounds) as Airport[], zoom)),
        navaids: navaidFeatures(nav.inBounds('navaid', bounds) as Navaid[]),
        fixes: fixFeatures(fixes ? (nav.inBounds('fix', bounds) as Fix[]) : []),
        airways: airwayFeatures(airways ? nav.airwaySegmentsInBounds(bounds) : []),
      };
    },
    nearestAirports: ({ point, count }) => loaded().nearestAirports(point, count),
    procedures: ({ airportId, kind }) => loaded().procedures(airportId, kind),
    airport: ({ code }) => loaded().airport(code),
    linkReceiver: ({ port }) => {
      // The same handlers on the port: the traffic receiver's calls run beside the page's.
      serveRouting(port as unknown as WorkerScopeLike, handlers);
      port.start();
      return { linked: true };
    },
    stationPlaces: ({ idents }) => {
      const navDb = loaded();
      const places: Record<string, { lat: number; lon: number }> = {};
      for (const ident of idents.slice(0, STATION_PLACES_MAX)) {
        const airport = navDb.airport(ident) ?? (ident.length === 4 && /^[KP]/.test(ident) ? navDb.airport(ident.slice(1)) : null);
        const navaid = airport ? null : (navDb.navaids(ident)[0] ?? null);
        const at = airport ? { lat: airport.latDeg, lon: airport.lonDeg } : navaid ? { lat: navaid.latDeg, lon: navaid.lonDeg } : null;
        if (at) places[ident] = at;
      }
      return places;
    },
    resolvePlanFile: ({ plan, toleranceNm }) => resolvePlan(plan, navDbLookup(loaded()), toleranceNm === undefined ? {} : { toleranceNm }),
    ...createEngineHandlers(loaded, clock),
    ...createAlongRouteHandlers(loaded),
    // ClearSky and the briefing read the same snapshots: one decoder, so a TAF or bulletin set is decoded once.
    ...createClearSkyHandlers(undefined, weatherDecoder),
    ...createBriefingHandlers(undefined, weatherDecoder),
  };
  return handlers;
}

/**
 * Runs one method of a handler table (the one place the map's method name picks a handler), in a
 * later microtask; a call cancelled before then never reaches its handler.
 */
export function runHandler<M extends RoutingMethod>(
  handlers: RoutingHandlers,
  method: M,
  params: RoutingParams<M>,
  context: CallContext,
): Promise<RoutingMethods[M]['result']> {
  const handler = handlers[method] as RoutingHandler<M>;
  return Promise.resolve().then(() => {
    if (context.signal.aborted) throw abortError(context.signal.reason);
    return handler(params, context);
  });
}
