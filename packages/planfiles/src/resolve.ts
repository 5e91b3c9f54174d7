/**
 * Matching a plan's points to the nav database: by ident, and where the file gives a position, the
 * candidate of that ident nearest it within a tolerance. Ambiguous matches are flagged, points the
 * database does not have (or has only far away) are kept as lat/lon user points, points without a
 * position that the database does not have are dropped; all of it reported in words.
 * The app passes the lookups (`navDbLookup` wraps a loaded `NavDb`).
 */
import type { NavDb } from '@clearway/navdb';
import { routeTokens } from './icao.js';
import { hasPosition, type FlightPlanFile, type PlanPoint, type PlanPointKind } from './model.js';

/** One nav database point of an ident. */
export interface NavCandidate {
  ident: string;
  kind: Exclude<PlanPointKind, 'user'>;
  lat: number;
  lon: number;
  name?: string;
  region?: string;
}

/** What resolvePlan asks of the nav database. */
export interface PlanNavLookup {
  /** Every point with this ident (airports, navaids, fixes). */
  candidates(ident: string): NavCandidate[];
}

/** The lookup over a loaded nav database. */
export function navDbLookup(db: Pick<NavDb, 'waypointCandidates'>): PlanNavLookup {
  return {
    candidates(ident) {
      return db.waypointCandidates(ident).map((m) => {
        let kind: NavCandidate['kind'] = 'fix';
        if (m.kind === 'AIRPORT') kind = 'airport';
        else if (m.kind === 'NAVAID') kind = 'type' in m.record && (m.record.type === 'NDB' || m.record.type === 'NDB-DME') ? 'ndb' : 'vor';
        const c: NavCandidate = { ident: m.code, kind, lat: m.latDeg, lon: m.lonDeg, name: m.name };
        const region = 'region' in m.record ? m.record.region : null;
        if (typeof region === 'string') c.region = region;
        return c;
      });
    },
  };
}

export type PointStatus = 'mapped' | 'ambiguous' | 'user' | 'unknown' | 'dropped';

export interface ResolvedPoint {
  /** The point as the file had it. */
  source: PlanPoint;
  status: PointStatus;
  /** Distance from the file's position to the nav database's, nautical miles (mapped points with a position). */
  offsetNm?: number;
  /** Same-named candidates considered. */
  candidates: number;
}

export interface ResolveReport {
  /** The plan with nav database positions and kinds for the mapped points, unknown ones as user points. */
  plan: FlightPlanFile;
  points: ResolvedPoint[];
  /** What could not be mapped or needs checking, one sentence each. */
  messages: string[];
}

export interface ResolveOptions {
  /** A candidate farther than this from the file's position is not the same point (default 3 nm). */
  toleranceNm?: number;
}

const EARTH_NM = 3440.065;
/** A candidate this close to the file's position is the point the file means. */
const EXACT_NM = 0.05;

export function distanceNm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const r = Math.PI / 180;
  const dLat = (bLat - aLat) * r;
  const dLon = (bLon - aLon) * r;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_NM * Math.asin(Math.min(1, Math.sqrt(h)));
}

function compatible(point: PlanPoint, c: NavCandidate): boolean {
  if (point.kindGuessed) return true;
  if (point.kind === 'vor' || point.kind === 'ndb') return c.kind === 'vor' || c.kind === 'ndb';
  return c.kind === point.kind;
}

/** Match a plan's points to the nav database. */
export function resolvePlan(plan: FlightPlanFile, lookup: PlanNavLookup, options: ResolveOptions = {}): ResolveReport {
  const tolerance = options.toleranceNm ?? 3;
  const messages: string[] = [];
  const points = [...plan.points];
  // Formats that name the airports only in the header (MSFS 2024) get them as points.
  if (plan.departure && points[0]?.ident !== plan.departure) points.unshift({ ident: plan.departure, kind: 'airport', lat: NaN, lon: NaN });
  if (plan.destination && (points.length < 2 || points[points.length - 1]?.ident !== plan.destination)) {
    points.push({ ident: plan.destination, kind: 'airport', lat: NaN, lon: NaN });
  }
  const resolved: ResolvedPoint[] = [];
  const out: PlanPoint[] = [];
  let reference: { lat: number; lon: number } | null = null;
  for (const [i, p] of points.entries()) {
    const label = `Point ${i + 1} (${p.ident})`;
    if (p.kind === 'user') {
      resolved.push({ source: p, status: 'user', candidates: 0 });
      out.push({ ...p });
      reference = p;
      continue;
    }
    const all = lookup.candidates(p.ident).filter((c) => compatible(p, c));
    if (hasPosition(p)) {
      const near = all
        .map((c) => ({ c, d: distanceNm(p.lat, p.lon, c.lat, c.lon) }))
        .filter((x) => x.d <= tolerance)
        .sort((a, b) => a.d - b.d);
      const best = near[0];
      if (!best) {
        const nearest = all.map((c) => distanceNm(p.lat, p.lon, c.lat, c.lon)).sort((a, b) => a - b)[0];
        messages.push(
          nearest === undefined
            ? `${label}: not in the nav database; kept as a lat/lon point.`
            : `${label}: the nav database's ${p.ident} is ${nearest.toFixed(1)} nm from the file's position (more than ${tolerance} nm); kept as a lat/lon point.`,
        );
        resolved.push({ source: p, status: 'unknown', candidates: all.length });
        const kept: PlanPoint = { ...p, kind: 'user' };
        delete kept.kindGuessed;
        out.push(kept);
        reference = p;
        continue;
      }
      // Several within the tolerance: ambiguous unless the file's position names one exactly (within 0.05 nm).
      const ambiguous = near.length > 1 && !(best.d < EXACT_NM && near[1]!.d >= EXACT_NM);
      if (ambiguous) messages.push(`${label}: ${near.length} nav database points of that name lie within ${tolerance} nm; the nearest (${best.d.toFixed(2)} nm) was taken.`);
      resolved.push({ source: p, status: ambiguous ? 'ambiguous' : 'mapped', offsetNm: best.d, candidates: all.length });
      out.push(mapped(p, best.c));
      reference = best.c;
      continue;
    }
    // Named only: the candidate nearest the previous point (or the next placed one).
    if (all.length === 0) {
      messages.push(`${label}: not in the nav database and the file gives no position; left out.`);
      resolved.push({ source: p, status: 'dropped', candidates: 0 });
      continue;
    }
    const ref = reference ?? points.slice(i + 1).find(hasPosition) ?? null;
    const sorted = ref ? [...all].sort((a, b) => distanceNm(ref.lat, ref.lon, a.lat, a.lon) - distanceNm(ref.lat, ref.lon, b.lat, b.lon)) : all;
    const best = sorted[0]!;
    const ambiguous = all.length > 1;
    if (ambiguous) messages.push(`${label}: ${all.length} nav database points have that name and the file gives no position; the one ${ref ? 'nearest the previous point' : 'listed first'} was taken.`);
    resolved.push({ source: p, status: ambiguous ? 'ambiguous' : 'mapped', candidates: all.length });
    out.push(mapped(p, best));
    reference = best;
  }
  const result: FlightPlanFile = { ...plan, points: out, procedures: { ...plan.procedures } };
  delete result.departure;
  delete result.destination;
  if (out[0]?.kind === 'airport') result.departure = out[0].ident;
  const last = out[out.length - 1];
  if (out.length > 1 && last?.kind === 'airport') result.destination = last.ident;
  return { plan: result, points: resolved, messages };
}

function mapped(p: PlanPoint, c: NavCandidate): PlanPoint {
  const q: PlanPoint = { ...p, ident: c.ident, kind: c.kind, lat: c.lat, lon: c.lon };
  delete q.kindGuessed;
  if (c.region) q.region = c.region;
  if (c.name && !q.name) q.name = c.name;
  return q;
}

/**
 * The plan as a Clearway route string (what the route box reads): idents, airways between their entry
 * and exit points, user points as `lat/lon` with 6 decimals; SID and STAR names only with
 * `withProcedures` (else the procedures' points are listed as points).
 */
export function planToRouteString(plan: FlightPlanFile, options: { withProcedures?: boolean } = {}): string {
  const name = (p: PlanPoint) => (p.kind === 'user' ? `${Number(p.lat.toFixed(6))}/${Number(p.lon.toFixed(6))}` : p.ident.toUpperCase());
  return routeTokens(plan, name, false, options.withProcedures ?? false).join(' ');
}
