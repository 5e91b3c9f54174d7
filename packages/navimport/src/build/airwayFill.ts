/**
 * Airways for a region whose own sources lack them. The `us` region takes its records from the FAA
 * sources; the shared NASR files (and partial downloads) carry no national airway tables, so a US
 * build would hold a handful of airways. When the FAA airway tables are missing or only an excerpt,
 * the airways the FAA lacks are taken from the next source by precedence (X-Plane/FlightGear),
 * restricted to the region's area: only points that are an FAA fix or navaid of the same ident
 * nearby are kept, and they carry the FAA position and kind. Every point left out is reported.
 */
import type { Airway, AirwayPoint, Fix, Navaid, PointKind, SourceId } from '@clearway/navdb';
import { EARTH_RADIUS_NM, greatCircleCrossTrackNm, greatCircleDistanceNm as distanceNm, greatCircleInitialCourseDeg as initialBearingDeg } from '@clearway/geo';

/** A lower source's airway point is the FAA fix or navaid of its ident within this, nautical miles. */
export const AIRWAY_POINT_MATCH_NM = 1;
/**
 * An unmatched point between two matched ones within this of the great circle joining them is left
 * out and the airway runs straight on (its path keeps its shape); further off, the airway is cut
 * there, nautical miles.
 */
export const DROP_OFF_TRACK_NM = 1;
/**
 * FAA tables holding fewer airway ids than this share of the lower source's ids in the region's
 * area are an excerpt. A national table holds about as many (airways change slowly); an excerpt or
 * a test extract holds a handful.
 */
export const FULL_TABLE_SHARE = 0.5;

/** What the FAA airway tables of a build were judged to be. */
export type FaaAirwayTables = 'none' | 'excerpt' | 'full';

/** A point of a lower source's airway that matches no FAA fix or navaid, and what was done with it. */
export interface UnmatchedAirwayPoint {
  airway: string;
  ident: string;
  latDeg: number;
  lonDeg: number;
  /**
   * `trimmed`: before the first or after the last matched point (outside the region's area);
   * `dropped`: between two matched points, near the great circle joining them;
   * `cut`: between two matched points, off that great circle, so the airway was cut in two there.
   */
  action: 'trimmed' | 'dropped' | 'cut';
}

/** How a region's airways were completed from a lower source (part of the build report). */
export interface AirwayFillReport {
  /** The lower source airways were taken from. */
  from: SourceId;
  faaTables: FaaAirwayTables;
  /** Distinct airway ids the FAA sources hold. */
  faaIds: number;
  /** Distinct airway ids of the lower source with two or more matched points in the region's area. */
  lowerIds: number;
  /** Airways (records; an id may have several pieces) taken from the lower source. */
  added: number;
  /** Airways of the lower source with fewer than two matched points: outside the area, not taken. */
  outside: number;
  /** Points left out of the airways taken, never silently. */
  unmatched: UnmatchedAirwayPoint[];
}

interface FaaPoint {
  kind: PointKind;
  latDeg: number;
  lonDeg: number;
}

/** The FAA fix or navaid of `ident` nearest a position, within AIRWAY_POINT_MATCH_NM; navaids win ties. */
function matchPoint(p: AirwayPoint, navaids: ReadonlyMap<string, readonly Navaid[]>, fixes: ReadonlyMap<string, readonly Fix[]>): FaaPoint | null {
  if (p.latDeg === null || p.lonDeg === null) return null;
  const candidates: FaaPoint[] = [
    ...(navaids.get(p.ident) ?? []).map((n) => ({ kind: 'navaid' as const, latDeg: n.latDeg, lonDeg: n.lonDeg })),
    ...(fixes.get(p.ident) ?? []).map((f) => ({ kind: 'fix' as const, latDeg: f.latDeg, lonDeg: f.lonDeg })),
  ];
  let best: FaaPoint | null = null;
  let bestNm = Infinity;
  for (const c of candidates) {
    const d = distanceNm(p.latDeg, p.lonDeg, c.latDeg, c.lonDeg);
    if (d <= AIRWAY_POINT_MATCH_NM && d < bestNm) {
      best = c;
      bestNm = d;
    }
  }
  return best;
}

/**
 * Distance from P to the great-circle arc A-B (to the nearer end when P lies beyond one), nautical
 * miles, on the spherical Earth: geo's cross-track distance beside the arc, enough for a 1 nm test.
 */
export function offArcNm(pLat: number, pLon: number, aLat: number, aLon: number, bLat: number, bLon: number): number {
  const apNm = distanceNm(aLat, aLon, pLat, pLon);
  const dThetaDeg = initialBearingDeg(aLat, aLon, pLat, pLon) - initialBearingDeg(aLat, aLon, bLat, bLon);
  const xtNm = greatCircleCrossTrackNm(apNm, dThetaDeg);
  // Along-track arc from A to the foot of the perpendicular (radians); behind A when P is more than 90 degrees off.
  const ab = distanceNm(aLat, aLon, bLat, bLon) / EARTH_RADIUS_NM;
  const along = Math.cos((dThetaDeg * Math.PI) / 180) < 0 ? -1 : Math.acos(Math.max(-1, Math.min(1, Math.cos(apNm / EARTH_RADIUS_NM) / Math.cos(xtNm / EARTH_RADIUS_NM))));
  if (along < 0) return apNm;
  if (along > ab) return distanceNm(bLat, bLon, pLat, pLon);
  return Math.abs(xtNm);
}

const maxMea = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.max(a, b));

/**
 * One lower-source airway cut to the region's area: its runs of FAA-matched points, each point with
 * the FAA position and kind. Ends beyond the first and last matched point are trimmed; unmatched
 * points between matched ones are dropped when near the great circle joining them (the MEA of the
 * joined segment is the highest of its parts), else the airway is cut there. Pieces of fewer than
 * two points are not airways and are left out.
 */
export function restrictAirway(
  airway: Airway,
  navaids: ReadonlyMap<string, readonly Navaid[]>,
  fixes: ReadonlyMap<string, readonly Fix[]>,
): { pieces: Airway[]; unmatched: UnmatchedAirwayPoint[] } {
  const matches = airway.points.map((p) => matchPoint(p, navaids, fixes));
  const first = matches.findIndex((m) => m !== null);
  const last = matches.findLastIndex((m) => m !== null);
  if (first < 0 || first === last) return { pieces: [], unmatched: [] };
  const unmatched: UnmatchedAirwayPoint[] = [];
  const note = (i: number, action: UnmatchedAirwayPoint['action']) => {
    const p = airway.points[i];
    if (p && p.latDeg !== null && p.lonDeg !== null) unmatched.push({ airway: airway.id, ident: p.ident, latDeg: p.latDeg, lonDeg: p.lonDeg, action });
  };
  for (let i = 0; i < first; i++) note(i, 'trimmed');

  const pieces: Airway[] = [];
  let current: AirwayPoint[] = [];
  const close = () => {
    const end = current[current.length - 1];
    if (end && current.length >= 2) {
      end.meaFt = null;
      pieces.push({ ...airway, points: current });
    }
    current = [];
  };
  let pending: number[] = [];
  for (let i = first; i <= last; i++) {
    const m = matches[i];
    const p = airway.points[i] as AirwayPoint;
    if (m === null || m === undefined) {
      pending.push(i);
      continue;
    }
    const prev = current[current.length - 1];
    if (prev && pending.length > 0) {
      const onArc = pending.every((k) => {
        const q = airway.points[k] as AirwayPoint;
        return offArcNm(q.latDeg as number, q.lonDeg as number, prev.latDeg as number, prev.lonDeg as number, m.latDeg, m.lonDeg) <= DROP_OFF_TRACK_NM;
      });
      for (const k of pending) note(k, onArc ? 'dropped' : 'cut');
      if (onArc) for (const k of pending) prev.meaFt = maxMea(prev.meaFt, airway.points[k]?.meaFt ?? null);
      else close();
    }
    pending = [];
    current.push({ ident: p.ident, kind: m.kind, latDeg: m.latDeg, lonDeg: m.lonDeg, meaFt: p.meaFt, gapAfter: p.gapAfter });
  }
  close();
  for (let i = last + 1; i < airway.points.length; i++) note(i, 'trimmed');
  return { pieces, unmatched: pieces.length > 0 ? unmatched : [] };
}

/**
 * Completes `faaAirways` (the region's airways from the FAA sources) from a lower source's airways.
 * The lower airways are restricted to the area first (restrictAirway); then the FAA tables are
 * judged: `none` or `excerpt` (fewer ids than FULL_TABLE_SHARE of the lower source's ids in the
 * area) takes every lower airway whose id the FAA lacks, keeping the FAA's airways where present;
 * `full` (a real FAA download) takes none, so obsolete airways of an older lower source never come
 * back. Returns the airways to add and the report.
 */
export function fillAirways(
  faaAirways: readonly Airway[],
  lower: { id: SourceId; airways: readonly Airway[] },
  navaids: ReadonlyMap<string, readonly Navaid[]>,
  fixes: ReadonlyMap<string, readonly Fix[]>,
): { airways: Airway[]; report: AirwayFillReport } {
  const faaIds = new Set(faaAirways.map((a) => a.id));
  const restricted: { pieces: Airway[]; unmatched: UnmatchedAirwayPoint[] }[] = [];
  const lowerIds = new Set<string>();
  let outside = 0;
  for (const airway of lower.airways) {
    const r = restrictAirway(airway, navaids, fixes);
    if (r.pieces.length === 0) outside += 1;
    else lowerIds.add(airway.id);
    restricted.push(r);
  }
  const faaTables: FaaAirwayTables = faaIds.size === 0 ? 'none' : faaIds.size < FULL_TABLE_SHARE * lowerIds.size ? 'excerpt' : 'full';
  const airways: Airway[] = [];
  const unmatched: UnmatchedAirwayPoint[] = [];
  if (faaTables !== 'full') {
    for (const r of restricted) {
      const id = r.pieces[0]?.id;
      if (id === undefined || faaIds.has(id)) continue;
      airways.push(...r.pieces);
      unmatched.push(...r.unmatched);
    }
  }
  return { airways, report: { from: lower.id, faaTables, faaIds: faaIds.size, lowerIds: lowerIds.size, added: airways.length, outside, unmatched } };
}
