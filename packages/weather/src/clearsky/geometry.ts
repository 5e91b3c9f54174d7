// Where a leg is against points and areas: distance from a point to the leg (great circle, from
// @clearway/geo) and whether the leg crosses an advisory polygon.
import { greatCircleCrossTrackNm, greatCircleDistanceNm, greatCircleInitialCourseDeg, greatCircleIntermediatePoint, EARTH_RADIUS_NM } from '@clearway/geo';
import type { ClearSkyPoint } from './types.js';
import { AREA_TEST_PIECE_NM } from './rules.js';

const DEG = Math.PI / 180;

/**
 * Where `p` lies against the great-circle segment `a`-`b` (length `lengthNm`, initial course
 * `courseDeg` true): the shortest distance to the segment, nautical miles (the cross-track distance
 * when the point lies abeam, else the distance to the nearer end), and how far along the segment its
 * nearest point is (0..lengthNm).
 */
export function pointToSegment(p: ClearSkyPoint, a: ClearSkyPoint, b: ClearSkyPoint, lengthNm: number, courseDeg: number): { distanceNm: number; alongNm: number } {
  const fromA = greatCircleDistanceNm(a.lat, a.lon, p.lat, p.lon);
  if (lengthNm < 0.01 || fromA < 0.01) return { distanceNm: fromA, alongNm: 0 };
  const off = greatCircleInitialCourseDeg(a.lat, a.lon, p.lat, p.lon) - courseDeg;
  const xt = greatCircleCrossTrackNm(fromA, off);
  // Along-track distance from a, signed (negative behind a).
  const cosRatio = Math.cos(fromA / EARTH_RADIUS_NM) / Math.max(1e-12, Math.cos(xt / EARTH_RADIUS_NM));
  const along = Math.acos(Math.max(-1, Math.min(1, cosRatio))) * EARTH_RADIUS_NM * (Math.cos(off * DEG) < 0 ? -1 : 1);
  if (along <= 0) return { distanceNm: fromA, alongNm: 0 };
  if (along >= lengthNm) return { distanceNm: greatCircleDistanceNm(b.lat, b.lon, p.lat, p.lon), alongNm: lengthNm };
  return { distanceNm: Math.abs(xt), alongNm: along };
}

/** A polygon prepared for repeated tests: its ring and bounding box (degrees). */
export interface PreparedArea {
  ring: readonly (readonly [number, number])[];
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
  /** The ring crosses the antimeridian: the box test is skipped. */
  wraps: boolean;
}

export function prepareArea(ring: readonly (readonly [number, number])[]): PreparedArea {
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
  return { ring, minLat, maxLat, minLon, maxLon, wraps: maxLon - minLon > 180 };
}

/** Longitude difference folded into -180..180. */
function dLon(lon: number, lon0: number): number {
  let d = lon - lon0;
  if (d > 180) d -= 360;
  else if (d < -180) d += 360;
  return d;
}

interface Xy {
  x: number;
  y: number;
}

function cross(o: Xy, a: Xy, b: Xy): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

function segmentsCross(p1: Xy, p2: Xy, q1: Xy, q2: Xy): boolean {
  const d1 = cross(q1, q2, p1);
  const d2 = cross(q1, q2, p2);
  const d3 = cross(p1, p2, q1);
  const d4 = cross(p1, p2, q2);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

function inside(pt: Xy, ring: readonly Xy[]): boolean {
  let isIn = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.y > pt.y !== b.y > pt.y && pt.x < ((b.x - a.x) * (pt.y - a.y)) / (b.y - a.y) + a.x) isIn = !isIn;
  }
  return isIn;
}

/**
 * Whether the leg `a`-`b` enters the area: an end inside it or the track crossing its edge. The leg
 * is cut into great-circle pieces of at most AREA_TEST_PIECE_NM, each tested in a local plane
 * (longitude scaled by the cosine of the piece's latitude), which is within a few hundred metres of
 * the sphere over such a piece.
 */
export function legCrossesArea(a: ClearSkyPoint, b: ClearSkyPoint, lengthNm: number, area: PreparedArea, marginDeg: number): boolean {
  if (!area.wraps) {
    const minLat = Math.min(a.lat, b.lat) - marginDeg;
    const maxLat = Math.max(a.lat, b.lat) + marginDeg;
    if (maxLat < area.minLat || minLat > area.maxLat) return false;
    const crossesDateLine = Math.abs(a.lon - b.lon) > 180;
    if (!crossesDateLine) {
      const minLon = Math.min(a.lon, b.lon) - marginDeg * 2;
      const maxLon = Math.max(a.lon, b.lon) + marginDeg * 2;
      if (maxLon < area.minLon || minLon > area.maxLon) return false;
    }
  }
  const pieces = Math.max(1, Math.ceil(lengthNm / AREA_TEST_PIECE_NM));
  let start = a;
  for (let i = 1; i <= pieces; i++) {
    const endPt = i === pieces ? b : (() => {
      const m = greatCircleIntermediatePoint(a.lat, a.lon, b.lat, b.lon, i / pieces);
      return { lat: m.latDeg, lon: m.lonDeg };
    })();
    const lat0 = (start.lat + endPt.lat) / 2;
    const lon0 = start.lon;
    const k = Math.cos(lat0 * DEG);
    const project = (lat: number, lon: number): Xy => ({ x: dLon(lon, lon0) * k, y: lat - lat0 });
    const ring = area.ring.map(([lon, lat]) => project(lat, lon));
    const p1 = project(start.lat, start.lon);
    const p2 = project(endPt.lat, endPt.lon);
    if (inside(p1, ring) || inside(p2, ring)) return true;
    for (let e = 0; e + 1 < ring.length; e++) if (segmentsCross(p1, p2, ring[e]!, ring[e + 1]!)) return true;
    start = endPt;
  }
  return false;
}
