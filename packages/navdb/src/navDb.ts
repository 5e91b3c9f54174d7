import { greatCircleDistanceNm } from '@clearway/geo';
import type { AirportSummary, AirwaySegment, Bounds, LatLon, NavDb, RunwayInfo, SearchHit, WaypointMatch } from './api.js';
import { AIRWAY_KIND_CODES, COORD_SCALE, coordAt, PROCEDURE_KIND_CODES, valueOf } from './columns.js';
import { readContainer } from './container.js';
import { waypointMatch } from './hits.js';
import { entryIndex, entryKind, IdentIndex, WordIndex } from './identIndex.js';
import { airportAt, airwayAt, fixAt, navaidAt, summaryAt } from './materialize.js';
import type { Airport, Airway, Fix, Navaid, NavDbHeader, Procedure, ProcedureKind } from './model.js';
import { runwayInfoOf } from './runwayInfo.js';
import { Searcher } from './search.js';
import { airportKeys, airportNotFound, KIND_AIRPORT, KIND_AIRWAY, KIND_FIX, segmentBoxTest } from './semantics.js';
import { indicesInBounds, nearestIndices, type Coords, type Grid } from './spatial.js';
import { Tables } from './tables.js';
import { compareKeys, normalizeKey } from './text.js';
import { validateTables } from './validate.js';

/**
 * Opens an artifact for queries. Cost: magic and version check, directory parse, one UTF-8 decode of
 * the string table and typed views over the sections; records are built only when a query returns
 * them. The bytes must not change while the database is in use (their memory is shared, not copied).
 * Throws NavDbFormatError for bytes it cannot read.
 */
export function openNavDb(bytes: Uint8Array | ArrayBuffer): NavDb {
  return new ColumnarNavDb(new Tables(readContainer(bytes)));
}

class ColumnarNavDb implements NavDb {
  readonly header: NavDbHeader;
  private readonly idents: IdentIndex;
  private readonly searcher: Searcher;

  constructor(private readonly t: Tables) {
    validateTables(t);
    this.header = t.header;
    this.idents = new IdentIndex(t);
    this.searcher = new Searcher(t, this.idents, new WordIndex(t));
  }

  airportSummary(code: string): AirportSummary | { error: string } {
    const i = this.airportIndex(code);
    return i < 0 ? airportNotFound(code) : summaryAt(this.t, i);
  }

  getRunwayInfo(airportId: string): RunwayInfo | null {
    const i = this.airportIndex(airportId);
    return i < 0 ? null : runwayInfoOf(airportAt(this.t, i), summaryAt(this.t, i));
  }

  getWaypoint(code: string, reference?: LatLon | null): WaypointMatch | null {
    const key = normalizeKey(code);
    const [from, all] = this.idents.exact(key);
    // Airways sort last in an exact range; they are not points.
    let to = from;
    while (to < all && entryKind(this.idents.entries[to]!) !== KIND_AIRWAY) to++;
    if (to === from) return null;
    let chosen = from;
    if (reference && to - from > 1) {
      let bestNm = Number.POSITIVE_INFINITY;
      for (let k = from; k < to; k++) {
        const d = this.distanceNm(this.idents.entries[k]!, reference);
        if (d < bestNm) {
          bestNm = d;
          chosen = k;
        }
      }
    }
    const entry = this.idents.entries[chosen]!;
    const kind = entryKind(entry);
    const index = entryIndex(entry);
    const candidates = to - from;
    if (kind === KIND_AIRPORT) return waypointMatch(key, { kind: 'AIRPORT', value: airportAt(this.t, index) }, candidates);
    if (kind === KIND_FIX) return waypointMatch(key, { kind: 'FIX', value: fixAt(this.t, index) }, candidates);
    return waypointMatch(key, { kind: 'NAVAID', value: navaidAt(this.t, index) }, candidates);
  }

  waypointCandidates(code: string): WaypointMatch[] {
    const key = normalizeKey(code);
    const [from, all] = this.idents.exact(key);
    let to = from;
    while (to < all && entryKind(this.idents.entries[to]!) !== KIND_AIRWAY) to++;
    const out: WaypointMatch[] = [];
    for (let k = from; k < to; k++) {
      const entry = this.idents.entries[k]!;
      const kind = entryKind(entry);
      const index = entryIndex(entry);
      if (kind === KIND_AIRPORT) out.push(waypointMatch(key, { kind: 'AIRPORT', value: airportAt(this.t, index) }, to - from));
      else if (kind === KIND_FIX) out.push(waypointMatch(key, { kind: 'FIX', value: fixAt(this.t, index) }, to - from));
      else out.push(waypointMatch(key, { kind: 'NAVAID', value: navaidAt(this.t, index) }, to - from));
    }
    return out;
  }

  search(query: string, options?: { limit?: number }): SearchHit[] {
    return this.searcher.search(query, options);
  }

  inBounds(kind: 'airport' | 'navaid' | 'fix', bounds: Bounds): (Airport | Navaid | Fix)[] {
    const { grid, coords, build } = this.spatialKind(kind);
    return indicesInBounds(grid, coords, bounds).map(build);
  }

  airwaySegmentsInBounds(bounds: Bounds): AirwaySegment[] {
    const meets = segmentBoxTest(bounds);
    const w = this.t.awy;
    const p = this.t.awyPt;
    const segments: AirwaySegment[] = [];
    for (let i = 0; i < w.id.length; i++) {
      let airwayId: string | null = null;
      for (let k = w.pointStart[i]!; k + 1 < w.pointStart[i + 1]!; k++) {
        if (p.gapAfter[k] === 1) continue;
        const lat1 = coordAt(p.lat, k);
        const lon1 = coordAt(p.lon, k);
        const lat2 = coordAt(p.lat, k + 1);
        const lon2 = coordAt(p.lon, k + 1);
        if (lat1 === null || lon1 === null || lat2 === null || lon2 === null || !meets(lat1, lon1, lat2, lon2)) continue;
        airwayId ??= this.t.strings.req(w.id[i]!);
        segments.push({
          airwayId,
          kind: valueOf(AIRWAY_KIND_CODES, w.kind[i]!),
          from: { ident: this.t.strings.req(p.ident[k]!), latDeg: lat1, lonDeg: lon1 },
          to: { ident: this.t.strings.req(p.ident[k + 1]!), latDeg: lat2, lonDeg: lon2 },
        });
      }
    }
    return segments;
  }

  nearestAirports(point: LatLon, count: number): { airport: Airport; distanceNm: number }[] {
    return nearestIndices(this.t.grid.airport, this.t.apt, point, count).map(({ index, distanceNm }) => ({
      airport: airportAt(this.t, index),
      distanceNm,
    }));
  }

  procedures(airportId: string, kind?: ProcedureKind): Procedure[] {
    const key = normalizeKey(airportId);
    const keys = new Set([key]);
    const airport = this.airportIndex(key);
    if (airport >= 0) for (const k of airportKeys(airportAt(this.t, airport))) keys.add(k);
    const indices: number[] = [];
    for (const k of keys) indices.push(...this.proceduresOfKey(k));
    const wanted = kind === undefined ? -1 : PROCEDURE_KIND_CODES.indexOf(kind);
    return [...new Set(indices)]
      .sort((a, b) => a - b)
      .filter((p) => wanted < 0 || this.t.proc.kind[p] === wanted)
      .map((p) => JSON.parse(this.t.strings.req(this.t.proc.json[p]!)) as Procedure);
  }

  airport(id: string): Airport | null {
    const i = this.airportIndex(id);
    return i < 0 ? null : airportAt(this.t, i);
  }

  navaids(id: string): Navaid[] {
    return this.exactOfKind(id, (kind) => kind > KIND_AIRPORT && kind < KIND_FIX).map((i) => navaidAt(this.t, i));
  }

  fixes(id: string): Fix[] {
    return this.exactOfKind(id, (kind) => kind === KIND_FIX).map((i) => fixAt(this.t, i));
  }

  airway(id: string): Airway | null {
    const found = this.exactOfKind(id, (kind) => kind === KIND_AIRWAY);
    return found.length > 0 ? airwayAt(this.t, found[0]!) : null;
  }

  airways(id: string): Airway[] {
    return this.exactOfKind(id, (kind) => kind === KIND_AIRWAY).map((i) => airwayAt(this.t, i));
  }

  /** The first airport (record order) whose id, FAA id or ICAO id is `code`, or -1. */
  private airportIndex(code: string): number {
    const [from, to] = this.idents.exact(normalizeKey(code));
    if (from < to && entryKind(this.idents.entries[from]!) === KIND_AIRPORT) return entryIndex(this.idents.entries[from]!);
    return -1;
  }

  private exactOfKind(code: string, accept: (kind: number) => boolean): number[] {
    const [from, to] = this.idents.exact(normalizeKey(code));
    const out: number[] = [];
    for (let k = from; k < to; k++) {
      const entry = this.idents.entries[k]!;
      if (accept(entryKind(entry))) out.push(entryIndex(entry));
    }
    return out;
  }

  private distanceNm(entry: number, to: LatLon): number {
    const kind = entryKind(entry);
    const coords = kind === KIND_AIRPORT ? this.t.apt : kind === KIND_FIX ? this.t.fix : this.t.nav;
    const i = entryIndex(entry);
    return greatCircleDistanceNm(to.latDeg, to.lonDeg, coords.lat[i]! / COORD_SCALE, coords.lon[i]! / COORD_SCALE);
  }

  private spatialKind(kind: 'airport' | 'navaid' | 'fix'): { grid: Grid; coords: Coords; build: (i: number) => Airport | Navaid | Fix } {
    switch (kind) {
      case 'airport':
        return { grid: this.t.grid.airport, coords: this.t.apt, build: (i) => airportAt(this.t, i) };
      case 'navaid':
        return { grid: this.t.grid.navaid, coords: this.t.nav, build: (i) => navaidAt(this.t, i) };
      case 'fix':
        return { grid: this.t.grid.fix, coords: this.t.fix, build: (i) => fixAt(this.t, i) };
    }
  }

  // Binary search of the sorted procedure airport keys.
  private proceduresOfKey(key: string): number[] {
    const { keys, start, items } = this.t.procIdx;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareKeys(this.t.strings.req(keys[mid]!), key) < 0) lo = mid + 1;
      else hi = mid;
    }
    if (lo >= keys.length || this.t.strings.req(keys[lo]!) !== key) return [];
    return Array.from(items.subarray(start[lo]!, start[lo + 1]!));
  }
}
