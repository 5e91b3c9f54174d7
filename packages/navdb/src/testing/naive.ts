import { greatCircleDistanceNm } from '@clearway/geo';
import type { AirportSummary, AirwaySegment, Bounds, LatLon, NavDb, RunwayInfo, SearchHit, WaypointMatch } from '../api.js';
import { airportHit, airwayHit, fixHit, navaidHit, waypointMatch } from '../hits.js';
import type { Airport, Airway, Fix, Navaid, NavDataSet, NavDbHeader, Procedure, ProcedureKind } from '../model.js';
import { runwayInfoOf } from '../runwayInfo.js';
import {
  airportImportance,
  airportKeys,
  airportNotFound,
  boundsTest,
  DEFAULT_SEARCH_LIMIT,
  KIND_AIRPORT,
  KIND_AIRWAY,
  KIND_FIX,
  navaidKind,
  segmentBoxTest,
  toAirportSummary,
} from '../semantics.js';
import { airportWordSuffixes, matchAirport } from '../airportMatch.js';
import { compareKeys, normalizeKey } from '../text.js';

/**
 * The nav database queries by linear scan over a data set in memory, with no index. It states the
 * query semantics by brute force: the property tests compare `openNavDb` against it, and the
 * benchmark measures it beside the indexed reader. Keys are normalised once at construction; every
 * query then looks at every record. Returns the data set's own objects, not copies.
 */
export function createNaiveNavDb(data: NavDataSet): NavDb {
  return new NaiveNavDb(data);
}

interface Ranked {
  order: (string | number)[];
  hit: () => SearchHit;
}

function compareOrder(a: Ranked, b: Ranked): number {
  for (let i = 0; i < a.order.length; i++) {
    const x = a.order[i]!;
    const y = b.order[i]!;
    const c = typeof x === 'number' ? x - (y as number) : compareKeys(x, y as string);
    if (c !== 0) return c;
  }
  return 0;
}

class NaiveNavDb implements NavDb {
  readonly header: NavDbHeader;
  private readonly airportKeyList: string[][];
  private readonly airportSuffixes: string[][];
  private readonly navaidKeys: string[];
  private readonly fixKeys: string[];
  private readonly airwayKeys: string[];

  constructor(private readonly data: NavDataSet) {
    this.header = data.header;
    this.airportKeyList = data.airports.map(airportKeys);
    // Name and city from each word start on, e.g. SAN FRANCISCO INTL, FRANCISCO INTL, INTL.
    this.airportSuffixes = data.airports.map((a) => airportWordSuffixes([a.name, a.city]));
    this.navaidKeys = data.navaids.map((n) => normalizeKey(n.id));
    this.fixKeys = data.fixes.map((f) => normalizeKey(f.id));
    this.airwayKeys = data.airways.map((w) => normalizeKey(w.id));
  }

  airportSummary(code: string): AirportSummary | { error: string } {
    const a = this.airport(code);
    return a ? toAirportSummary(a) : airportNotFound(code);
  }

  getRunwayInfo(airportId: string): RunwayInfo | null {
    const a = this.airport(airportId);
    return a ? runwayInfoOf(a, toAirportSummary(a)) : null;
  }

  waypointCandidates(code: string): WaypointMatch[] {
    const key = normalizeKey(code);
    const candidates = this.candidatesOf(key);
    return candidates.map((c) => waypointMatch(key, c, candidates.length));
  }

  private candidatesOf(key: string): Parameters<typeof waypointMatch>[1][] {
    type Candidate = Parameters<typeof waypointMatch>[1];
    return [
      ...this.data.airports.filter((_, i) => this.airportKeyList[i]!.includes(key)).map((value): Candidate => ({ kind: 'AIRPORT', value })),
      ...this.navaids(key).map((value): Candidate => ({ kind: 'NAVAID', value })),
      ...this.fixes(key).map((value): Candidate => ({ kind: 'FIX', value })),
    ];
  }

  getWaypoint(code: string, reference?: LatLon | null): WaypointMatch | null {
    const key = normalizeKey(code);
    const candidates = this.candidatesOf(key);
    if (candidates.length === 0) return null;
    let chosen = candidates[0]!;
    if (reference) {
      let bestNm = Number.POSITIVE_INFINITY;
      for (const c of candidates) {
        const d = greatCircleDistanceNm(reference.latDeg, reference.lonDeg, c.value.latDeg, c.value.lonDeg);
        if (d < bestNm) {
          bestNm = d;
          chosen = c;
        }
      }
    }
    return waypointMatch(key, chosen, candidates.length);
  }

  search(query: string, options?: { limit?: number }): SearchHit[] {
    const q = normalizeKey(query);
    const limit = Math.floor(options?.limit ?? DEFAULT_SEARCH_LIMIT);
    if (q === '' || !(limit > 0)) return [];
    const exact: Ranked[] = [];
    const prefix: Ranked[] = [];
    const words: Ranked[] = [];
    const byIdent = (key: string, kind: number, index: number, hit: () => SearchHit): void => {
      if (key === q) exact.push({ order: [kind, index], hit });
      else if (key.startsWith(q)) prefix.push({ order: [key.length, key, kind, index], hit });
    };
    this.data.airports.forEach((a, index) => {
      const hit = (): SearchHit => airportHit(toAirportSummary(a));
      const match = matchAirport(this.airportKeyList[index]!, this.airportSuffixes[index]!, q);
      if (match?.tier === 0) exact.push({ order: [KIND_AIRPORT, index], hit });
      else if (match?.tier === 1) prefix.push({ order: [match.key.length, match.key, KIND_AIRPORT, index], hit });
      else if (match?.tier === 2) words.push({ order: [match.suffix, -airportImportance(a.type, a.towered, a.longestRunwayFt), index], hit });
    });
    this.data.navaids.forEach((n, i) => byIdent(this.navaidKeys[i]!, navaidKind(n.type), i, () => navaidHit(n)));
    this.data.fixes.forEach((f, i) => byIdent(this.fixKeys[i]!, KIND_FIX, i, () => fixHit(f)));
    this.data.airways.forEach((w, i) => byIdent(this.airwayKeys[i]!, KIND_AIRWAY, i, () => airwayHit(w.id)));
    return [exact, prefix, words]
      .flatMap((tier) => tier.sort(compareOrder))
      .slice(0, limit)
      .map((r) => r.hit());
  }

  inBounds(kind: 'airport' | 'navaid' | 'fix', bounds: Bounds): (Airport | Navaid | Fix)[] {
    const inside = boundsTest(bounds);
    const items: (Airport | Navaid | Fix)[] =
      kind === 'airport' ? this.data.airports : kind === 'navaid' ? this.data.navaids : this.data.fixes;
    return items.filter((x) => inside(x.latDeg, x.lonDeg));
  }

  airwaySegmentsInBounds(bounds: Bounds): AirwaySegment[] {
    const meets = segmentBoxTest(bounds);
    return this.data.airways.flatMap((airway) =>
      airway.points.slice(0, -1).flatMap((a, k) => {
        const b = airway.points[k + 1]!;
        if (a.gapAfter || a.latDeg === null || a.lonDeg === null || b.latDeg === null || b.lonDeg === null) return [];
        if (!meets(a.latDeg, a.lonDeg, b.latDeg, b.lonDeg)) return [];
        return [{
          airwayId: airway.id,
          kind: airway.kind,
          from: { ident: a.ident, latDeg: a.latDeg, lonDeg: a.lonDeg },
          to: { ident: b.ident, latDeg: b.latDeg, lonDeg: b.lonDeg },
        }];
      }),
    );
  }

  nearestAirports(point: LatLon, count: number): { airport: Airport; distanceNm: number }[] {
    return this.data.airports
      .map((airport, index) => ({
        airport,
        index,
        distanceNm: greatCircleDistanceNm(point.latDeg, point.lonDeg, airport.latDeg, airport.lonDeg),
      }))
      .sort((a, b) => a.distanceNm - b.distanceNm || a.index - b.index)
      .slice(0, Math.max(0, Math.floor(count)))
      .map(({ airport, distanceNm }) => ({ airport, distanceNm }));
  }

  procedures(airportId: string, kind?: ProcedureKind): Procedure[] {
    const key = normalizeKey(airportId);
    const airport = this.airport(key);
    const keys = new Set([key, ...(airport ? airportKeys(airport) : [])]);
    return this.data.procedures.filter((p) => keys.has(normalizeKey(p.airportId)) && (kind === undefined || p.kind === kind));
  }

  airport(id: string): Airport | null {
    const key = normalizeKey(id);
    return this.data.airports.find((_, i) => this.airportKeyList[i]!.includes(key)) ?? null;
  }

  navaids(id: string): Navaid[] {
    const key = normalizeKey(id);
    return this.data.navaids
      .map((n, index) => ({ n, index }))
      .filter(({ index }) => this.navaidKeys[index] === key)
      .sort((a, b) => navaidKind(a.n.type) - navaidKind(b.n.type) || a.index - b.index)
      .map(({ n }) => n);
  }

  fixes(id: string): Fix[] {
    const key = normalizeKey(id);
    return this.data.fixes.filter((_, i) => this.fixKeys[i] === key);
  }

  airway(id: string): Airway | null {
    const key = normalizeKey(id);
    return this.data.airways.find((_, i) => this.airwayKeys[i] === key) ?? null;
  }

  airways(id: string): Airway[] {
    const key = normalizeKey(id);
    return this.data.airways.filter((_, i) => this.airwayKeys[i] === key);
  }
}
