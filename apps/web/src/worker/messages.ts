import type {
  Airport,
  AirportSummary,
  AirwaySegment,
  Bounds,
  Fix,
  LatLon,
  Navaid,
  NavDbHeader,
  Procedure,
  ProcedureKind,
  RunwayInfo,
  SearchHit,
  WaypointMatch,
} from '@clearway/navdb';
import type { FeatureCollection } from 'geojson';
import type { FlightPlanFile, ResolveReport } from '@clearway/planfiles';
import { ENGINE_METHODS, type EngineMethods } from './engineMessages';
import { ALONG_ROUTE_METHODS, type AlongRouteMethods } from './alongRouteMessages';
import { CLEARSKY_METHODS, type ClearSkyMethods } from './clearsky';
import { BRIEFING_METHODS, type BriefingMethods } from './briefing';

/**
 * The routing worker's one message map (ARCHITECTURE.md "The routing worker", STYLE.md 4): every
 * method the page may ask of the local engine, with its parameters and its result. Both endpoints
 * (the Web Worker and the direct in-process adapter) implement exactly this map, and `call` is typed
 * from it. Parameters and results cross a structured clone: plain data only, no functions or classes.
 * The flight-plan engine's methods (parseRoute, runFlightPlan, route edits, procedure pickers,
 * optimizer) are declared in engineMessages.ts and join the map here.
 */
export interface RoutingMethods extends EngineMethods, AlongRouteMethods, ClearSkyMethods, BriefingMethods {
  /** Opens a nav data artifact and makes it the database every query answers from. The buffer is transferred. */
  loadDatabase: { params: { bytes: ArrayBuffer }; result: NavDbHeader };
  /** Whether a database is loaded, and its header. Also the facade's start-up handshake. */
  status: { params: Record<string, never>; result: RoutingStatus };
  /** Spec part 1 §7: an airport by code, or `{error}` when not found. */
  airportSummary: { params: { code: string }; result: AirportSummary | { error: string } };
  /** Spec part 1 §7: runway drawing info by airport id; null when unknown. */
  getRunwayInfo: { params: { airportId: string }; result: RunwayInfo | null };
  /** Spec part 2 §7: a waypoint by code, nearest `reference` among same-named candidates. */
  getWaypoint: { params: { code: string; reference?: LatLon | null }; result: WaypointMatch | null };
  search: { params: { query: string; limit?: number }; result: SearchHit[] };
  inBounds: { params: { kind: 'airport' | 'navaid' | 'fix'; bounds: Bounds }; result: (Airport | Navaid | Fix)[] };
  /** Airway segments crossing a box, for the map's Victor / T and Jet / Q layers. */
  airwaysInBounds: { params: { bounds: Bounds }; result: AirwaySegment[] };
  /**
   * The map's aviation layers for a box, as GeoJSON with only the properties the style reads
   * (features/map/mapStyle.ts): built here, so the page gets small features (about 150 bytes each)
   * instead of full records (about 750 bytes per airport) to copy across the boundary. Airports are
   * decluttered below ALL_AIRPORTS_MIN_ZOOM (mapFeatures in @clearway/navdb).
   */
  mapLayers: { params: { bounds: Bounds; zoom: number; fixes: boolean; airways: boolean }; result: MapLayers };
  nearestAirports: { params: { point: LatLon; count: number }; result: { airport: Airport; distanceNm: number }[] };
  procedures: { params: { airportId: string; kind?: ProcedureKind }; result: Procedure[] };
  /** An airport's full record (runways, ends, frequencies) by id, FAA or ICAO code; null when unknown. */
  airport: { params: { code: string }; result: Airport | null };
  /**
   * Start-up's link to the traffic receiver (spec part 1 §4): the routing worker serves this same
   * message map on the transferred port too, so the ADS-B worker asks it directly, not through the page.
   */
  linkReceiver: { params: { port: MessagePort }; result: { linked: true } };
  /**
   * Where reporting stations are (FIS-B METAR and TAF idents, e.g. 'KHWD' or 'HWD'): the airport of
   * that ident, else a navaid of it; idents not found are left out.
   */
  stationPlaces: { params: { idents: string[] }; result: Record<string, { lat: number; lon: number }> };
  /** An imported flight plan file's points matched to the database (@clearway/planfiles resolvePlan). */
  resolvePlanFile: { params: { plan: FlightPlanFile; toleranceNm?: number }; result: ResolveReport };
}

export type RoutingMethod = keyof RoutingMethods;
export type RoutingParams<M extends RoutingMethod> = RoutingMethods[M]['params'];
export type RoutingResult<M extends RoutingMethod> = RoutingMethods[M]['result'];

/** The map's aviation sources as GeoJSON (`mapLayers`). */
export interface MapLayers {
  airports: FeatureCollection;
  navaids: FeatureCollection;
  fixes: FeatureCollection;
  airways: FeatureCollection;
}

export interface RoutingStatus {
  loaded: boolean;
  header: NavDbHeader | null;
}

/** Every method name, for the worker host to reject names outside the map. */
export const ROUTING_METHODS = [
  'loadDatabase',
  'status',
  'airportSummary',
  'getRunwayInfo',
  'getWaypoint',
  'search',
  'inBounds',
  'airwaysInBounds',
  'mapLayers',
  'nearestAirports',
  'procedures',
  'airport',
  'linkReceiver',
  'stationPlaces',
  'resolvePlanFile',
  ...ENGINE_METHODS,
  ...ALONG_ROUTE_METHODS,
  ...CLEARSKY_METHODS,
  ...BRIEFING_METHODS,
] as const satisfies readonly RoutingMethod[];

// Compile-time check that ROUTING_METHODS lists every method of the map.
type MissingMethods = Exclude<RoutingMethod, (typeof ROUTING_METHODS)[number]>;
const everyMethodListed: [MissingMethods] extends [never] ? true : MissingMethods = true;
void everyMethodListed;

export function isRoutingMethod(name: unknown): name is RoutingMethod {
  return typeof name === 'string' && (ROUTING_METHODS as readonly string[]).includes(name);
}

/**
 * Buffers moved (not copied) to the other side with a method's parameters. The caller's buffer is
 * detached afterwards: keep a copy (or store it first) if it is still needed.
 */
export const PARAM_TRANSFERABLES: { [M in RoutingMethod]?: (params: RoutingParams<M>) => Transferable[] } = {
  loadDatabase: (params) => [params.bytes],
  linkReceiver: (params) => [params.port],
};

export function transferablesFor<M extends RoutingMethod>(method: M, params: RoutingParams<M>): Transferable[] {
  const pick = PARAM_TRANSFERABLES[method] as ((p: RoutingParams<M>) => Transferable[]) | undefined;
  return pick ? pick(params) : [];
}

/** An error as it crosses the boundary: its name and message (a stack stays on its own side). */
export interface SerializedError {
  name: string;
  message: string;
}

/** Page -> worker. */
export type RoutingRequest =
  | { type: 'request'; id: number; method: RoutingMethod; params: unknown }
  | { type: 'cancel'; id: number };

/** Worker -> page. `ready` is posted once, when the worker's module has loaded. */
export type RoutingReply =
  | { type: 'ready' }
  | { type: 'response'; id: number; ok: true; result: unknown }
  | { type: 'response'; id: number; ok: false; error: SerializedError };

export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)) {
    const e = error as { name?: unknown; message?: unknown };
    return { name: typeof e.name === 'string' ? e.name : 'Error', message: String(e.message) };
  }
  return { name: 'Error', message: String(error) };
}

/** Rebuilds a thrown error on the caller's side: an Error with the same name and message. */
export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  error.name = serialized.name;
  return error;
}

/** What a call rejects with when its signal aborts. */
export function abortError(reason?: unknown): Error {
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The routing call was aborted', 'AbortError');
}

/** Thrown by queries asked before any database is loaded. */
export class NavDbNotLoadedError extends Error {
  override name = 'NavDbNotLoadedError';
  constructor() {
    super('No nav database is loaded');
  }
}
