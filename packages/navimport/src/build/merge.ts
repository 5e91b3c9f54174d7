import type { Airport, Airway, Fix, Navaid, PointKind, Procedure, Runway, SourceId } from '@clearway/navdb';
import { greatCircleDistanceNm as distanceNm } from '@clearway/geo';
import { fillAirways, type AirwayFillReport } from './airwayFill.js';
import type { DanglingReference, MergeConflict } from './report.js';
import { byPrecedence, type SourceData } from './sourceData.js';

/** Which sources may add records to a region; the others only fill missing fields of matched records. */
const REGION_SOURCES: Readonly<Record<string, readonly SourceId[]>> = {
  us: ['faa-nasr', 'faa-cifp'],
  world: ['faa-nasr', 'faa-cifp', 'xplane', 'ourairports'],
};

/**
 * Regions whose airways the next source by precedence completes when their own sources' airway
 * tables are missing or only an excerpt (airwayFill.ts): the FAA sources of a US build may hold no
 * national airway tables.
 */
const REGIONS_FILLING_AIRWAYS: ReadonlySet<string> = new Set(['us']);

/** Same-named navaids or fixes further apart than this are different points, nautical miles. */
const SAME_POINT_NM = 10;
/** Same-coded airports further apart than this are different airports (non-ICAO codes repeat), nautical miles. */
const SAME_AIRPORT_NM = 30;
/** Positions of one record further apart than this between two sources are reported, nautical miles. */
const CONFLICT_NM = 1;
/** How far an airway or procedure fix may lie from its expected place and still resolve, nautical miles. */
const RESOLVE_NM = 300;

export interface MergeResult {
  airports: Airport[];
  navaids: Navaid[];
  fixes: Fix[];
  airways: Airway[];
  procedures: Procedure[];
  merged: number;
  filled: number;
  /** Runways placed on an airport taken from a lower source because their own source lacked it. */
  placedRunways: number;
  conflicts: MergeConflict[];
  dangling: DanglingReference[];
  /** How the region's airways were completed from a lower source; null when the region does not or no lower source has airways. */
  airwayFill: AirwayFillReport | null;
}

/** Canonical runway key: its end ids sorted, e.g. `17/35`, so `35/17` and `17-35` match. */
function runwayKey(runway: Runway): string {
  const ends = runway.ends.length > 0 ? runway.ends.map((e) => e.id) : runway.id.split(/[/-]/);
  return ends.map((e) => e.trim().toUpperCase().replace(/^0+(?=\d)/, '')).sort().join('/');
}

/**
 * Merges the sources into one data set with the precedence FAA NASR > FAA CIFP > X-Plane >
 * OurAirports. A record that several sources hold is kept from the highest; lower sources fill only
 * what it lacks (runway end positions, elevation, frequencies). Disagreements are reported, never
 * dropped silently; airway and procedure fixes are resolved against the merged points.
 */
export function mergeSources(sources: readonly SourceData[], region: string): MergeResult {
  const adders = REGION_SOURCES[region] ?? REGION_SOURCES.world ?? [];
  const state: MergeResult = { airports: [], navaids: [], fixes: [], airways: [], procedures: [], merged: 0, filled: 0, placedRunways: 0, conflicts: [], dangling: [], airwayFill: null };
  const airportsByCode = new Map<string, Airport>();
  const navaidsById = new Map<string, Navaid[]>();
  const fixesById = new Map<string, Fix[]>();
  // Which source (by its place in precedence order) added a record: records of one source are never
  // merged with each other, only with another source's or another edition's.
  const origin = new WeakMap<object, number>();
  const airwaysById = new Map<string, Airway>();
  const procedureKeys = new Set<string>();

  const conflict = (c: MergeConflict) => {
    // Two editions of one source disagreeing is an update, not a conflict.
    if (c.kept !== c.other) state.conflicts.push(c);
  };

  for (const [sourceIndex, source] of byPrecedence(sources).entries()) {
    const mayAdd = adders.includes(source.id);
    const fromOtherSource = (record: object) => origin.get(record) !== sourceIndex;

    for (const airport of source.airports) {
      const match = [airport.faaId, airport.icaoId, airport.id]
        .map((code) => (code ? airportsByCode.get(code.toUpperCase()) : undefined))
        .find((found) => found !== undefined);
      if (match && fromOtherSource(match) && distanceNm(match.latDeg, match.lonDeg, airport.latDeg, airport.lonDeg) <= SAME_AIRPORT_NM) {
        state.merged += 1;
        mergeAirport(match, airport, state, conflict);
      } else if (mayAdd) {
        const copy: Airport = { ...airport, runways: airport.runways.map((r) => ({ ...r, ends: r.ends.map((e) => ({ ...e })) })) };
        state.airports.push(copy);
        origin.set(copy, sourceIndex);
        for (const code of [copy.faaId, copy.icaoId, copy.id]) {
          if (code && !airportsByCode.has(code.toUpperCase())) airportsByCode.set(code.toUpperCase(), copy);
        }
      }
    }

    for (const navaid of source.navaids) {
      const list = navaidsById.get(navaid.id) ?? [];
      const same = list.find(
        (n) => fromOtherSource(n) && sameNavaidClass(n, navaid) && distanceNm(n.latDeg, n.lonDeg, navaid.latDeg, navaid.lonDeg) <= SAME_POINT_NM,
      );
      if (same) {
        state.merged += 1;
        const apartNm = distanceNm(same.latDeg, same.lonDeg, navaid.latDeg, navaid.lonDeg);
        if (apartNm > CONFLICT_NM) conflict({ kind: 'navaid', id: navaid.id, detail: `position differs by ${apartNm.toFixed(1)} nm`, kept: same.source.source, other: navaid.source.source });
        if (same.frequencyKhz !== null && navaid.frequencyKhz !== null && Math.abs(same.frequencyKhz - navaid.frequencyKhz) > 1) {
          conflict({ kind: 'navaid', id: navaid.id, detail: `frequency ${same.frequencyKhz} kHz vs ${navaid.frequencyKhz} kHz`, kept: same.source.source, other: navaid.source.source });
        }
        if (same.slavedVarDeg === null && navaid.slavedVarDeg !== null) {
          same.slavedVarDeg = navaid.slavedVarDeg;
          state.filled += 1;
        }
      } else if (mayAdd) {
        const copy = { ...navaid };
        origin.set(copy, sourceIndex);
        list.push(copy);
        navaidsById.set(navaid.id, list);
        state.navaids.push(copy);
      }
    }

    for (const fix of source.fixes) {
      const list = fixesById.get(fix.id) ?? [];
      const same = list.find(
        (f) => fromOtherSource(f) && f.airportId === fix.airportId && distanceNm(f.latDeg, f.lonDeg, fix.latDeg, fix.lonDeg) <= SAME_POINT_NM,
      );
      if (same) {
        state.merged += 1;
        const apartNm = distanceNm(same.latDeg, same.lonDeg, fix.latDeg, fix.lonDeg);
        if (apartNm > CONFLICT_NM) conflict({ kind: 'fix', id: fix.id, detail: `position differs by ${apartNm.toFixed(1)} nm`, kept: same.source.source, other: fix.source.source });
      } else if (mayAdd) {
        const copy = { ...fix };
        origin.set(copy, sourceIndex);
        list.push(copy);
        fixesById.set(fix.id, list);
        state.fixes.push(copy);
      }
    }

    for (const airway of source.airways) {
      const existing = airwaysById.get(airway.id);
      if (existing && fromOtherSource(existing)) {
        state.merged += 1;
        const a = existing.points.map((p) => p.ident).join(' ');
        const b = airway.points.map((p) => p.ident).join(' ');
        if (a !== b) conflict({ kind: 'airway', id: airway.id, detail: `${existing.points.length} points vs ${airway.points.length}`, kept: existing.source.source, other: airway.source.source });
      } else if (mayAdd) {
        const copy = { ...airway, points: airway.points.map((p) => ({ ...p })) };
        origin.set(copy, sourceIndex);
        if (!airwaysById.has(airway.id)) airwaysById.set(airway.id, copy);
        state.airways.push(copy);
      }
    }

    for (const procedure of source.procedures) {
      const key = `${procedure.airportId} ${procedure.kind} ${procedure.id}`;
      if (procedureKeys.has(key)) {
        state.merged += 1;
      } else if (mayAdd) {
        procedureKeys.add(key);
        state.procedures.push(procedure);
      }
    }
  }

  placeOrphanRunways(byPrecedence(sources), airportsByCode, state);

  const resolver = new PointResolver(airportsByCode, navaidsById, fixesById);
  for (const airway of state.airways) resolveAirway(airway, resolver, state.dangling);
  if (REGIONS_FILLING_AIRWAYS.has(region)) {
    // Matched to the region's own fixes and navaids already, so not resolved again.
    const lower = byPrecedence(sources).find((s) => !adders.includes(s.id) && s.airways.length > 0);
    if (lower) {
      const fill = fillAirways(state.airways, lower, navaidsById, fixesById);
      state.airways.push(...fill.airways);
      state.airwayFill = fill.report;
    }
  }
  for (const procedure of state.procedures) resolveProcedure(procedure, resolver, airportsByCode, state.dangling);
  return state;
}

function sameNavaidClass(a: Navaid, b: Navaid): boolean {
  const ndb = (n: Navaid) => n.type === 'NDB' || n.type === 'NDB-DME';
  return ndb(a) === ndb(b);
}

function mergeAirport(winner: Airport, other: Airport, state: MergeResult, conflict: (c: MergeConflict) => void): void {
  const apartNm = distanceNm(winner.latDeg, winner.lonDeg, other.latDeg, other.lonDeg);
  if (apartNm > CONFLICT_NM) {
    conflict({ kind: 'airport', id: winner.id, detail: `position differs by ${apartNm.toFixed(1)} nm`, kept: winner.source.source, other: other.source.source });
  }
  const fill = <K extends keyof Airport>(key: K) => {
    if ((winner[key] === null || winner[key] === undefined) && other[key] !== null && other[key] !== undefined) {
      winner[key] = other[key];
      state.filled += 1;
    }
  };
  fill('icaoId');
  fill('elevationFt');
  fill('magVarDeg');
  fill('towered');
  fill('fuel');
  if (winner.frequencies.length === 0 && other.frequencies.length > 0) {
    winner.frequencies = other.frequencies.map((f) => ({ ...f }));
    state.filled += 1;
  }
  const otherRunways = new Map(other.runways.map((r) => [runwayKey(r), r]));
  for (const runway of winner.runways) {
    const match = otherRunways.get(runwayKey(runway));
    if (!match) continue;
    for (const end of runway.ends) {
      const otherEnd = match.ends.find((e) => e.id.replace(/^0+(?=\d)/, '') === end.id.replace(/^0+(?=\d)/, ''));
      if (!otherEnd) continue;
      if (end.latDeg === null && otherEnd.latDeg !== null && otherEnd.lonDeg !== null) {
        end.latDeg = otherEnd.latDeg;
        end.lonDeg = otherEnd.lonDeg;
        state.filled += 1;
      }
      if (end.trueHeadingDeg === null && otherEnd.trueHeadingDeg !== null) {
        end.trueHeadingDeg = otherEnd.trueHeadingDeg;
        state.filled += 1;
      }
      if (end.elevationFt === null && otherEnd.elevationFt !== null) {
        end.elevationFt = otherEnd.elevationFt;
        state.filled += 1;
      }
    }
    if (runway.ends.length === 0 && match.ends.length > 0) {
      runway.ends = match.ends.map((e) => ({ ...e }));
      state.filled += 1;
    }
  }
}

/** Finds the point an ident names nearest an expected position. */
class PointResolver {
  constructor(
    private readonly airports: Map<string, Airport>,
    private readonly navaids: Map<string, Navaid[]>,
    private readonly fixes: Map<string, Fix[]>,
  ) {}

  resolve(ident: string, nearLat: number | null, nearLon: number | null): { kind: PointKind; latDeg: number; lonDeg: number } | null {
    const candidates: { kind: PointKind; latDeg: number; lonDeg: number }[] = [];
    for (const f of this.fixes.get(ident) ?? []) candidates.push({ kind: 'fix', latDeg: f.latDeg, lonDeg: f.lonDeg });
    for (const n of this.navaids.get(ident) ?? []) candidates.push({ kind: 'navaid', latDeg: n.latDeg, lonDeg: n.lonDeg });
    const airport = this.airports.get(ident);
    if (airport) candidates.push({ kind: 'airport', latDeg: airport.latDeg, lonDeg: airport.lonDeg });
    if (candidates.length === 0) return null;
    if (nearLat === null || nearLon === null) return candidates[0] ?? null;
    let best: (typeof candidates)[number] | null = null;
    let bestNm = Infinity;
    for (const c of candidates) {
      const d = distanceNm(nearLat, nearLon, c.latDeg, c.lonDeg);
      if (d < bestNm) {
        best = c;
        bestNm = d;
      }
    }
    return bestNm <= RESOLVE_NM ? best : null;
  }
}

function resolveAirway(airway: Airway, resolver: PointResolver, dangling: DanglingReference[]): void {
  let prevLat: number | null = null;
  let prevLon: number | null = null;
  for (const point of airway.points) {
    const near = point.latDeg !== null ? [point.latDeg, point.lonDeg] : [prevLat, prevLon];
    const found = resolver.resolve(point.ident, near[0] ?? null, near[1] ?? null);
    if (found) {
      point.kind = found.kind;
      if (point.latDeg === null || point.lonDeg === null) {
        point.latDeg = found.latDeg;
        point.lonDeg = found.lonDeg;
      }
    } else if (point.latDeg === null) {
      point.kind = 'unknown';
      dangling.push({ kind: 'airway', owner: airway.id, fix: point.ident });
    }
    if (point.latDeg !== null) {
      prevLat = point.latDeg;
      prevLon = point.lonDeg;
    }
  }
}

function resolveProcedure(procedure: Procedure, resolver: PointResolver, airports: Map<string, Airport>, dangling: DanglingReference[]): void {
  const airport = airports.get(procedure.airportId.toUpperCase());
  for (const transition of procedure.transitions) {
    for (const leg of transition.legs) {
      if (leg.fixId === null || (leg.fixKind !== 'unknown' && leg.latDeg !== null)) continue;
      const found = resolver.resolve(leg.fixId, airport?.latDeg ?? null, airport?.lonDeg ?? null);
      if (found) {
        leg.fixKind = found.kind;
        leg.latDeg = found.latDeg;
        leg.lonDeg = found.lonDeg;
      } else {
        leg.fixKind = 'unknown';
        dangling.push({ kind: 'procedure', owner: `${procedure.airportId} ${procedure.id} ${transition.id || '(common)'}`, fix: leg.fixId });
      }
    }
  }
}

/**
 * NASR's APT_RWY can be newer than its APT_BASE: runways of airports opened since. Rather than lose
 * them, such an airport is taken from the highest lower source that has its FAA id (OurAirports or
 * X-Plane, for position and name) and given the NASR runways, which take precedence over its own.
 */
function placeOrphanRunways(sources: readonly SourceData[], airportsByCode: Map<string, Airport>, state: MergeResult): void {
  const orphansByAirport = new Map<string, NonNullable<SourceData['orphanRunways']>>();
  for (const source of sources) {
    for (const orphan of source.orphanRunways ?? []) {
      const code = orphan.airportId.toUpperCase();
      if (airportsByCode.has(code)) continue;
      const list = orphansByAirport.get(code) ?? [];
      list.push(orphan);
      orphansByAirport.set(code, list);
    }
  }
  if (orphansByAirport.size === 0) return;
  for (const source of sources) {
    for (const airport of source.airports) {
      const code = (airport.faaId ?? airport.id).toUpperCase();
      const orphans = orphansByAirport.get(code);
      if (!orphans || airportsByCode.has(code)) continue;
      const byKey = new Map(airport.runways.map((r) => [runwayKey(r), r]));
      const runways = orphans.map((o) => {
        const own = byKey.get(runwayKey(o.runway));
        // Keep the lower source's end positions where NASR gave none.
        const ends = o.runway.ends.map((end) => {
          const other = own?.ends.find((e) => e.id === end.id);
          return other && end.latDeg === null ? { ...end, latDeg: other.latDeg, lonDeg: other.lonDeg, trueHeadingDeg: end.trueHeadingDeg ?? other.trueHeadingDeg } : { ...end };
        });
        return { ...o.runway, ends };
      });
      const longest = runways.reduce<(typeof runways)[number] | null>((best, r) => (r.lengthFt !== null && (best?.lengthFt ?? -1) < r.lengthFt ? r : best), null);
      const copy: Airport = {
        ...airport,
        runways,
        longestRunwayFt: longest?.lengthFt ?? airport.longestRunwayFt,
        longestRunwaySurface: longest?.surfaceClass ?? airport.longestRunwaySurface,
      };
      state.airports.push(copy);
      state.placedRunways += runways.length;
      airportsByCode.set(code, copy);
      orphansByAirport.delete(code);
    }
  }
}
