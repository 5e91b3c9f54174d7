// Airports along a route (issue 17 "Along the Route"): every airport within a corridor either side of
// the route's polyline, in route order, with its distance along the route, its signed cross-track
// offset and the leg it lies beside. Where a point lies against a leg is worked on the sphere with
// @clearway/geo (great circles: right for legs of any length, across the antimeridian and the poles);
// distances along are fractions of each leg's WGS84 geodesic length, the navlog's, so they agree with
// its cumulative distances. Candidates come from the nav database's one-degree grid (`inBounds`), one
// small box per piece of each leg.
import {
  EARTH_RADIUS_NM,
  geodesicDistanceNm,
  greatCircleCrossTrackNm,
  greatCircleDistanceNm,
  greatCircleInitialCourseDeg,
  greatCircleIntermediatePoint,
  NM_PER_DEG,
} from '@clearway/geo';
import type { Bounds, LatLon, NavDb } from './api.js';
import type { Airport, AirportType } from './model.js';

/** Corridor half-width when none is given, nm each side of the route. */
export const DEFAULT_CORRIDOR_NM = 25;
/** Widest corridor accepted, nm each side. */
export const MAX_CORRIDOR_NM = 200;
/** Airport types listed by default: the places a fixed-wing aircraft can divert to. */
export const DEFAULT_CORRIDOR_TYPES: readonly AirportType[] = ['airport', 'seaplane_base'];

/** Why an airport is in the list: inside the corridor, or named by the route whatever its distance. */
export type CorridorRole = 'departure' | 'en_route' | 'destination' | 'alternate';

/** An airport the list holds whatever its distance from the route (the route's destination, an alternate). */
export interface CorridorInclude {
  /** Any of the airport's ids (FAA, ICAO). */
  code: string;
  role: Exclude<CorridorRole, 'en_route'>;
}

export interface CorridorOptions {
  /** Half-width of the corridor, nm each side (default DEFAULT_CORRIDOR_NM), > 0 and <= MAX_CORRIDOR_NM. */
  corridorNm?: number;
  /** Airports listed whatever their distance (with their position along the route all the same). */
  include?: readonly CorridorInclude[];
  /** Airport types the corridor lists (default DEFAULT_CORRIDOR_TYPES); included airports are listed whatever their type. */
  types?: readonly AirportType[];
}

/** Where a point lies relative to the route. */
export interface RoutePosition {
  /** Index of the leg it lies beside (legs run from point i to point i + 1). */
  legIndex: number;
  /** Fraction of that leg at the point's foot on it, 0..1 (0 or 1 when it lies beyond the leg's ends). */
  legFraction: number;
  /** Distance along the route to the foot, nm from the first point: the fraction of each leg's WGS84 length (the navlog's). */
  alongNm: number;
  /** Signed offset, nm: positive right of the route (in its direction of flight), negative left. On the sphere (within 0.5%). */
  offsetNm: number;
  /** Shortest distance to the route, nm (|offsetNm|), on the sphere. */
  distanceNm: number;
}

export interface CorridorAirport extends RoutePosition {
  airport: Airport;
  role: CorridorRole;
  /** Whether it lies within the corridor (an included airport may not). */
  inCorridor: boolean;
}

export interface CorridorResult {
  /** In route order: distance along, then distance off the route, then ident. */
  airports: CorridorAirport[];
  corridorNm: number;
  /** Length of the route, nm (WGS84, as the navlog's total). */
  routeNm: number;
  /** Included codes that could not be listed, in words ('Alternate KXYZ is not in the nav database'). */
  problems: string[];
}

const DEG = Math.PI / 180;
/** Legs shorter than this are points (a route that names the same place twice). */
const ZERO_LEG_NM = 1e-6;
/** Slack added to each search box against rounding, nm. */
const BOX_SLACK_NM = 0.01;

interface LegGeometry {
  from: LatLon;
  to: LatLon;
  /** Great-circle length on the sphere, nm (the geometry's). */
  lengthNm: number;
  courseDeg: number;
  /** WGS84 geodesic length, nm (the navlog's leg distance). */
  geodesicNm: number;
  /** Geodesic distance from the first point to this leg's start, nm. */
  startNm: number;
}

function checkPoint(point: LatLon, index: number): void {
  const ok = Number.isFinite(point.latDeg) && Number.isFinite(point.lonDeg) && Math.abs(point.latDeg) <= 90 && Math.abs(point.lonDeg) <= 540;
  if (!ok) throw new RangeError(`Route point ${index + 1} has no valid position (latitude ${point.latDeg}, longitude ${point.lonDeg})`);
}

/**
 * The legs of a polyline with their great-circle lengths, courses, WGS84 lengths and cumulative
 * (WGS84) starts; one zero-length leg for a single point.
 */
export function routeLegs(points: readonly LatLon[]): LegGeometry[] {
  points.forEach(checkPoint);
  if (points.length === 0) return [];
  if (points.length === 1) return [{ from: points[0]!, to: points[0]!, lengthNm: 0, courseDeg: 0, geodesicNm: 0, startNm: 0 }];
  const legs: LegGeometry[] = [];
  let startNm = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const from = points[i]!;
    const to = points[i + 1]!;
    const lengthNm = greatCircleDistanceNm(from.latDeg, from.lonDeg, to.latDeg, to.lonDeg);
    const geodesicNm = geodesicDistanceNm(from.latDeg, from.lonDeg, to.latDeg, to.lonDeg);
    legs.push({ from, to, lengthNm, courseDeg: greatCircleInitialCourseDeg(from.latDeg, from.lonDeg, to.latDeg, to.lonDeg), geodesicNm, startNm });
    startNm += geodesicNm;
  }
  return legs;
}

interface LegPosition {
  fraction: number;
  distanceNm: number;
  offsetNm: number;
  /** The foot fell beyond one of the leg's ends (the distance is to that end). */
  clamped: boolean;
}

/**
 * A point against one leg: the cross-track distance to the leg's great circle when the point's foot
 * lies between the leg's ends, else the distance to the nearer end. Along-track on the sphere:
 * tan(along) = tan(d13) cos(course to point − leg course) (Napier's rule for the right triangle
 * start–foot–point), in the atan2 form that holds beyond 90° of arc.
 */
function positionOnLeg(leg: LegGeometry, point: LatLon): LegPosition {
  const d13 = greatCircleDistanceNm(leg.from.latDeg, leg.from.lonDeg, point.latDeg, point.lonDeg);
  if (leg.lengthNm < ZERO_LEG_NM) return { fraction: 0, distanceNm: d13, offsetNm: d13, clamped: true };
  const offTrackDeg = greatCircleInitialCourseDeg(leg.from.latDeg, leg.from.lonDeg, point.latDeg, point.lonDeg) - leg.courseDeg;
  const crossNm = d13 === 0 ? 0 : greatCircleCrossTrackNm(d13, offTrackDeg);
  const sign = crossNm < 0 ? -1 : 1;
  const alongNm = d13 === 0 ? 0 : Math.atan2(Math.sin(d13 / EARTH_RADIUS_NM) * Math.cos(offTrackDeg * DEG), Math.cos(d13 / EARTH_RADIUS_NM)) * EARTH_RADIUS_NM;
  if (alongNm < 0) return { fraction: 0, distanceNm: d13, offsetNm: sign * d13, clamped: true };
  if (alongNm > leg.lengthNm) {
    const d23 = greatCircleDistanceNm(leg.to.latDeg, leg.to.lonDeg, point.latDeg, point.lonDeg);
    return { fraction: 1, distanceNm: d23, offsetNm: sign * d23, clamped: true };
  }
  return { fraction: alongNm / leg.lengthNm, distanceNm: Math.abs(crossNm), offsetNm: crossNm, clamped: false };
}

/**
 * Where a point lies relative to a route (polyline of at least one point): the nearest leg (on a
 * tie the one the point lies beside rather than beyond its end, then the earlier), the distance
 * along the route to the point's foot on it and the signed offset. Only the legs in `legIndices`
 * are looked at when given. Null for an empty route.
 */
export function routePosition(legs: readonly LegGeometry[], point: LatLon, legIndices?: Iterable<number>): RoutePosition | null {
  let best: (LegPosition & { legIndex: number }) | null = null;
  for (const i of legIndices ?? legs.keys()) {
    const p = positionOnLeg(legs[i]!, point);
    const better =
      best === null ||
      p.distanceNm < best.distanceNm - 1e-9 ||
      (Math.abs(p.distanceNm - best.distanceNm) <= 1e-9 && ((!p.clamped && best.clamped) || (p.clamped === best.clamped && i < best.legIndex)));
    if (better) best = { ...p, legIndex: i };
  }
  if (!best) return null;
  const leg = legs[best.legIndex]!;
  return {
    legIndex: best.legIndex,
    legFraction: best.fraction,
    alongNm: leg.startNm + best.fraction * leg.geodesicNm,
    offsetNm: best.offsetNm + 0,
    distanceNm: best.distanceNm,
  };
}

/**
 * The box (degrees) holding every point within `radiusNm` of a centre on the sphere: latitude
 * ± radius, longitude ± asin(sin r / cos lat) (the widest point of the spherical cap); every
 * longitude when the cap reaches a pole. West may exceed east across the antimeridian.
 */
export function capBounds(centre: LatLon, radiusNm: number): Bounds {
  const rDeg = radiusNm / NM_PER_DEG;
  const south = centre.latDeg - rDeg;
  const north = centre.latDeg + rDeg;
  if (north >= 90 || south <= -90 || rDeg >= 90) return { west: -180, south: Math.max(-90, south), east: 180, north: Math.min(90, north) };
  const halfLonDeg = Math.asin(Math.min(1, Math.sin(radiusNm / EARTH_RADIUS_NM) / Math.cos(centre.latDeg * DEG))) / DEG;
  const wrap = (lon: number): number => ((((lon + 180) % 360) + 360) % 360) - 180;
  return { west: wrap(centre.lonDeg - halfLonDeg), south, east: wrap(centre.lonDeg + halfLonDeg), north };
}

/**
 * Search boxes covering the corridor of one leg: the leg cut into pieces of at most 2 × corridor
 * (the size that makes the fewest box area per nm), each covered by the box of a cap around its
 * midpoint whose radius is the corridor plus half the piece. Any point within the corridor of the
 * leg is within that radius of some piece's midpoint (triangle inequality), so inside its box.
 */
export function legSearchBoxes(leg: LegGeometry, corridorNm: number): Bounds[] {
  const pieceNm = 2 * corridorNm;
  const pieces = Math.max(1, Math.ceil(leg.lengthNm / pieceNm));
  const radiusNm = corridorNm + leg.lengthNm / pieces / 2 + BOX_SLACK_NM;
  const boxes: Bounds[] = [];
  for (let k = 0; k < pieces; k++) {
    const mid = greatCircleIntermediatePoint(leg.from.latDeg, leg.from.lonDeg, leg.to.latDeg, leg.to.lonDeg, (k + 0.5) / pieces);
    boxes.push(capBounds(mid, radiusNm));
  }
  return boxes;
}

function airportKey(a: Airport): string {
  return `${a.id}|${a.latDeg}|${a.lonDeg}`;
}

function roleName(role: CorridorInclude['role']): string {
  return role === 'departure' ? 'Departure' : role === 'destination' ? 'Destination' : 'Alternate';
}

/**
 * Airports along a route (polyline of route points, degrees): those of `types` within `corridorNm`
 * of the route and the `include`d ones whatever their distance, each once, in route order. Throws a
 * RangeError for a bad corridor width or a route point without a valid position.
 */
export function airportsAlongRoute(
  db: Pick<NavDb, 'inBounds' | 'airport'>,
  points: readonly LatLon[],
  options: CorridorOptions = {},
): CorridorResult {
  const corridorNm = options.corridorNm ?? DEFAULT_CORRIDOR_NM;
  if (!(corridorNm > 0 && corridorNm <= MAX_CORRIDOR_NM)) {
    throw new RangeError(`Corridor width must be more than 0 and at most ${MAX_CORRIDOR_NM} nm each side, not ${corridorNm}`);
  }
  const legs = routeLegs(points);
  const routeNm = legs.reduce((sum, leg) => sum + leg.geodesicNm, 0);
  const problems: string[] = [];
  if (legs.length === 0) return { airports: [], corridorNm, routeNm, problems };
  const types = new Set(options.types ?? DEFAULT_CORRIDOR_TYPES);

  // Candidates, each with the legs whose boxes hold it: a leg whose corridor holds the airport is
  // always among them, so the nearest leg is found without looking at every leg.
  const candidates = new Map<string, { airport: Airport; legs: Set<number> }>();
  legs.forEach((leg, legIndex) => {
    for (const box of legSearchBoxes(leg, corridorNm)) {
      for (const record of db.inBounds('airport', box)) {
        const airport = record as Airport;
        if (!types.has(airport.type)) continue;
        const key = airportKey(airport);
        const known = candidates.get(key);
        if (known) known.legs.add(legIndex);
        else candidates.set(key, { airport, legs: new Set([legIndex]) });
      }
    }
  });

  const out = new Map<string, CorridorAirport>();
  for (const [key, { airport, legs: near }] of candidates) {
    const position = routePosition(legs, airport, near);
    if (position && position.distanceNm <= corridorNm) out.set(key, { airport, role: 'en_route', inCorridor: true, ...position });
  }
  for (const { code, role } of options.include ?? []) {
    const airport = db.airport(code);
    if (!airport) {
      problems.push(`${roleName(role)} ${code.trim().toUpperCase()} is not in the nav database`);
      continue;
    }
    const key = airportKey(airport);
    const listed = out.get(key);
    if (listed) {
      // The first role named wins (a departure that is also the destination of a round trip stays the departure).
      if (listed.role === 'en_route') listed.role = role;
      continue;
    }
    const position = routePosition(legs, airport)!;
    out.set(key, { airport, role, inCorridor: position.distanceNm <= corridorNm, ...position });
  }
  const airports = [...out.values()].sort(
    (a, b) => a.alongNm - b.alongNm || a.distanceNm - b.distanceNm || a.airport.id.localeCompare(b.airport.id),
  );
  return { airports, corridorNm, routeNm, problems };
}
