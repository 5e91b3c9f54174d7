import type { Airport, Airway, AirwayKind, Fix, Navaid, NavDbHeader, Procedure, ProcedureKind, SurfaceClass } from './model.js';

/**
 * The queries the rest of the app asks of a loaded nav database (spec part 1 §7 "Local engine calls",
 * part 2 §7). Implemented by `openNavDb(bytes)`.
 */
export interface NavDb {
  readonly header: NavDbHeader;

  /** An airport by FAA or ICAO id (case-insensitive), or `{error}` when not found. */
  airportSummary(code: string): AirportSummary | { error: string };

  /** Runway drawing info of an airport (spec part 1 §3 "Runway info"), or null when unknown. */
  getRunwayInfo(airportId: string): RunwayInfo | null;

  /**
   * A point by ident: airport, navaid or fix. With same-named candidates the one nearest `reference`
   * wins and the match is flagged ambiguous; without a reference the first by kind (airport, navaid, fix).
   */
  getWaypoint(code: string, reference?: LatLon | null): WaypointMatch | null;

  /** Every point with this ident (airports by any of their ids, navaids, fixes), in getWaypoint's candidate order. */
  waypointCandidates(code: string): WaypointMatch[];

  /** Prefix search over airports (id, ICAO id, name, city), navaids, fixes and airways; exact id first. */
  search(query: string, options?: { limit?: number }): SearchHit[];

  /** Every item of a kind inside a bounding box (degrees; west may exceed east across the antimeridian). */
  inBounds(kind: 'airport' | 'navaid' | 'fix', bounds: Bounds): (Airport | Navaid | Fix)[];

  /**
   * Airway segments (two consecutive points with positions, no published gap between them) whose
   * bounding box meets a box, in airway then sequence order. Segments spanning more than 180 degrees
   * of longitude are left out.
   */
  airwaySegmentsInBounds(bounds: Bounds): AirwaySegment[];

  /** The `count` airports nearest a point, nearest first, with their distance in nautical miles. */
  nearestAirports(point: LatLon, count: number): { airport: Airport; distanceNm: number }[];

  /** Procedures of an airport, optionally of one kind. */
  procedures(airportId: string, kind?: ProcedureKind): Procedure[];

  airport(id: string): Airport | null;
  navaids(id: string): Navaid[];
  fixes(id: string): Fix[];
  airway(id: string): Airway | null;
  /** Every airway record with this id, in record order (an airway the source gives in pieces has several). */
  airways(id: string): Airway[];
}

export interface LatLon {
  latDeg: number;
  lonDeg: number;
}

/** One leg of an airway, for drawing. */
export interface AirwaySegment {
  airwayId: string;
  kind: AirwayKind;
  from: { ident: string; latDeg: number; lonDeg: number };
  to: { ident: string; latDeg: number; lonDeg: number };
}

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** What the search box and airport page show of an airport (spec part 1 §3 search suggestion summary). */
export interface AirportSummary {
  code: string;
  icao: string | null;
  name: string;
  municipality: string | null;
  state: string | null;
  country: string;
  latDeg: number;
  lonDeg: number;
  elevationFt: number | null;
  longest_runway_surf: SurfaceClass | null;
  longestRunwayFt: number | null;
  towered: boolean | null;
  fuel: boolean | null;
  type: Airport['type'];
}

export interface RunwayInfo {
  runway: {
    base: { atct: boolean; fuel: boolean };
    /** Runway centre lines, end to end: x = longitude, y = latitude, degrees. */
    paths: { x1: number; y1: number; x2: number; y2: number }[];
  };
  summary: AirportSummary;
}

export type WaypointKind = 'AIRPORT' | 'NAVAID' | 'FIX';

export interface WaypointMatch {
  code: string;
  kind: WaypointKind;
  name: string;
  latDeg: number;
  lonDeg: number;
  elevationFt: number | null;
  /** Magnetic variation at the point where the source gives it, east positive. */
  magVarDeg: number | null;
  /** More than one point has this ident. */
  ambiguous: boolean;
  /** How many points share the ident. */
  candidates: number;
  /** The record itself. */
  record: Airport | Navaid | Fix;
}

export type SearchHitType = 'Airport' | 'VOR' | 'NDB' | 'Waypoint' | 'Airway';

export interface SearchHit {
  type: SearchHitType;
  ident: string;
  name: string;
  /** City and state, or country. */
  place: string | null;
  latDeg: number | null;
  lonDeg: number | null;
  /** For airports. */
  summary: AirportSummary | null;
}
