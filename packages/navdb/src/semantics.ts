import type { AirportSummary, Bounds, SearchHitType } from './api.js';
import type { Airport, AirportType, NavaidType } from './model.js';
import { normalizeKey } from './text.js';

/**
 * Query semantics shared by the indexed reader and the naive oracle: the kind order of search and
 * waypoint results, how an airport ranks, how a summary and a place string are made.
 */

/** Kind order of ident matches: airports, VOR-like navaids, NDBs, other navaids, fixes, airways. */
export const KIND_AIRPORT = 0;
export const KIND_VOR = 1;
export const KIND_NDB = 2;
export const KIND_OTHER_NAVAID = 3;
export const KIND_FIX = 4;
export const KIND_AIRWAY = 5;

/** Default number of search results (spec part 1: 30 route search results per query). */
export const DEFAULT_SEARCH_LIMIT = 30;

/** The kind order of a navaid type. */
export function navaidKind(type: NavaidType): number {
  switch (type) {
    case 'VOR':
    case 'VORTAC':
    case 'VOR-DME':
    case 'TACAN':
    case 'DME':
      return KIND_VOR;
    case 'NDB':
    case 'NDB-DME':
      return KIND_NDB;
    default:
      return KIND_OTHER_NAVAID;
  }
}

/** Search hit type of a navaid: the spec's suggestion types know VOR and NDB; other navaids show as VOR. */
export function navaidHitType(type: NavaidType): SearchHitType {
  return navaidKind(type) === KIND_NDB ? 'NDB' : 'VOR';
}

/**
 * How prominent an airport is, for ordering name and city matches: towered first, then by longest
 * runway (feet); closed airports last. Higher is more prominent.
 */
export function airportImportance(type: AirportType, towered: boolean | null, longestRunwayFt: number | null): number {
  if (type === 'closed') return -1;
  return (towered === true ? 1_000_000 : 0) + Math.max(0, longestRunwayFt ?? 0);
}

/** The distinct lookup keys of an airport: id, FAA id and ICAO id, normalised. */
export function airportKeys(airport: Pick<Airport, 'id' | 'faaId' | 'icaoId'>): string[] {
  const keys: string[] = [];
  for (const code of [airport.id, airport.faaId, airport.icaoId]) {
    if (code === null) continue;
    const key = normalizeKey(code);
    if (key !== '' && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

/**
 * A place line as the source spells it: `first, second` with `fallback` standing in for a missing
 * second, e.g. airports "SAN FRANCISCO, CA" or "Christchurch, NZ", navaids and fixes "CA, US"; null when empty.
 */
export function placeOf(first: string | null, second: string | null, fallback: string | null): string | null {
  const parts = [first, second ?? fallback].filter((p): p is string => p !== null && p !== '');
  return parts.length > 0 ? parts.join(', ') : null;
}

/** The airport summary of spec part 1 §3 from an airport (or the columns that make one). */
export function toAirportSummary(a: Omit<Airport, 'runways' | 'frequencies' | 'source' | 'magVarDeg' | 'fuelTypes' | 'publicUse' | 'faaId'>): AirportSummary {
  return {
    code: a.id,
    icao: a.icaoId,
    name: a.name,
    municipality: a.city,
    state: a.state,
    country: a.country,
    latDeg: a.latDeg,
    lonDeg: a.lonDeg,
    elevationFt: a.elevationFt,
    longest_runway_surf: a.longestRunwaySurface,
    longestRunwayFt: a.longestRunwayFt,
    towered: a.towered,
    fuel: a.fuel,
    type: a.type,
  };
}

/** The error reply of airportSummary for an unknown code (spec: '{CODE} not found'). */
export function airportNotFound(code: string): { error: string } {
  return { error: `Airport ${normalizeKey(code)} not found` };
}

/**
 * A point-in-bounds test. Bounds are degrees; `west > east` crosses the antimeridian; longitudes
 * outside [-180, 180] are wrapped; a box 360 degrees or wider holds every longitude. Edges are inside.
 */
export function boundsTest(bounds: Bounds): (latDeg: number, lonDeg: number) => boolean {
  const { south, north } = bounds;
  const lon = lonRanges(bounds);
  return (latDeg, lonDeg) =>
    latDeg >= south && latDeg <= north && lon.some(([w, e]) => lonDeg >= w && lonDeg <= e);
}

/**
 * Whether the bounding box of a segment (degrees) meets a box; false for segments spanning more than
 * 180 degrees of longitude (they would be drawn the wrong way round the globe).
 */
export function segmentBoxTest(bounds: Bounds): (lat1: number, lon1: number, lat2: number, lon2: number) => boolean {
  const { south, north } = bounds;
  const lon = lonRanges(bounds);
  return (lat1, lon1, lat2, lon2) => {
    if (Math.abs(lon2 - lon1) > 180) return false;
    if (Math.max(lat1, lat2) < south || Math.min(lat1, lat2) > north) return false;
    const west = Math.min(lon1, lon2);
    const east = Math.max(lon1, lon2);
    return lon.some(([w, e]) => east >= w && west <= e);
  };
}

/** Longitude intervals (degrees, each within [-180, 180]) that a bounds box covers. */
export function lonRanges(bounds: Bounds): [number, number][] {
  if (bounds.east - bounds.west >= 360) return [[-180, 180]];
  const west = wrapLon(bounds.west);
  const east = wrapLon(bounds.east);
  if (west <= east) return [[west, east]];
  return [[west, 180], [-180, east]];
}

function wrapLon(lonDeg: number): number {
  if (lonDeg >= -180 && lonDeg <= 180) return lonDeg;
  return ((((lonDeg + 180) % 360) + 360) % 360) - 180;
}
