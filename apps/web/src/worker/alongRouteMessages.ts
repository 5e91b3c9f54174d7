import type { Route } from '@clearway/flightplan';
import type { AirportType, CorridorRole } from '@clearway/navdb';

/**
 * Along the Route in the routing worker's message map (issue 17): the airports within a corridor of
 * the route, in route order, with the aircraft's ETA at each from the navlog. Types only, so the
 * page's side of the map carries no corridor code.
 */

/** `alongRoute` parameters. */
export interface AlongRouteParams {
  /** The current route, best analysed (runFlightPlan): its legs' ETAs time each airport. */
  route: Route;
  /** Corridor half-width, nm each side (navdb MAX_CORRIDOR_NM at most). */
  corridorNm: number;
  /** Alternate airports' codes, listed whatever their distance. */
  alternates?: string[];
}

/** One airport of the list: what the page shows, without the full record. */
export interface AlongRouteAirport {
  /** The nav database's primary id (FAA id for US airports). */
  id: string;
  /** The id a pilot reads: ICAO when there is one, else the primary id. */
  ident: string;
  icaoId: string | null;
  faaId: string | null;
  name: string;
  city: string | null;
  state: string | null;
  latDeg: number;
  lonDeg: number;
  elevationFt: number | null;
  type: AirportType;
  role: CorridorRole;
  inCorridor: boolean;
  /** Distance along the route to the airport's foot on it, nm from the departure point. */
  alongNm: number;
  /** Signed offset, nm: positive right of the route, negative left. */
  offsetNm: number;
  /** The leg it lies beside: index into the route's points, and the codes of its ends. */
  legIndex: number;
  legFrom: string;
  legTo: string;
  /** The aircraft's ETA abeam the airport, epoch ms, from the navlog (null when the route is not analysed). */
  etaMs: number | null;
}

export interface AlongRouteResult {
  airports: AlongRouteAirport[];
  corridorNm: number;
  /** Length of the route, nm. */
  routeNm: number;
  /** Departure time, epoch ms; null when the route has no navlog yet. */
  etdMs: number | null;
  /** Included codes that could not be listed, and route points left out, in words. */
  problems: string[];
}

export interface AlongRouteMethods {
  /** Airports along the route within `corridorNm`, in route order, with ETAs (alongRoute.ts). */
  alongRoute: { params: AlongRouteParams; result: AlongRouteResult };
}

export const ALONG_ROUTE_METHODS = ['alongRoute'] as const satisfies readonly (keyof AlongRouteMethods)[];
