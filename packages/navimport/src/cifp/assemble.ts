/**
 * The second pass of the CIFP reader: runway ends paired into runways, airport ids given to
 * terminal fixes and procedures, and every fix reference resolved against the file's own points.
 */
import type { Airport, Fix, Navaid, Runway, RunwayEnd } from '@clearway/navdb';
import type { IssueCollector } from '../common/diagnostics.js';
import { assembleAirways } from './airways.js';
import type { AirwayPointRecord } from './airways.js';
import type { LegRecord } from './procedures.js';
import { ProcedureAssembler } from './procedures.js';
import type { AirportRecord, NavaidRecord, RunwayEndRecord, WaypointRecord } from './records.js';
import { PointIndex } from './resolve.js';
import type { CifpData } from './types.js';

/** Everything the first pass collected from the records. */
export interface CifpRecords {
  file: string;
  airports: AirportRecord[];
  runwayEnds: RunwayEndRecord[];
  waypoints: WaypointRecord[];
  navaids: { rec: NavaidRecord; section: string }[];
  legs: LegRecord[];
  airwayPoints: AirwayPointRecord[];
}

/** The opposite end's designator: `10L` -> `28R`, `36` -> `18`; null for a non-numbered end (`H1`). */
export function reciprocalEnd(id: string): string | null {
  const m = /^(\d{2})([LRC]?)$/.exec(id);
  if (!m) return null;
  const n = Number(m[1]);
  if (n < 1 || n > 36) return null;
  const side = m[2] === 'L' ? 'R' : m[2] === 'R' ? 'L' : (m[2] as string);
  return `${String(((n + 17) % 36) + 1).padStart(2, '0')}${side}`;
}

function toRunwayEnd(rec: RunwayEndRecord, magVarDeg: number | null): RunwayEnd {
  let trueHeadingDeg: number | null = null;
  if (rec.bearingDeg !== null && (rec.bearingIsTrue || magVarDeg !== null)) {
    const deg = rec.bearingIsTrue ? rec.bearingDeg : rec.bearingDeg + (magVarDeg as number);
    trueHeadingDeg = Math.round((((deg % 360) + 360) % 360) * 10) / 10;
  }
  return {
    id: rec.id,
    latDeg: rec.latDeg,
    lonDeg: rec.lonDeg,
    trueHeadingDeg,
    elevationFt: rec.elevationFt,
    displacedThresholdFt: rec.displacedThresholdFt,
  };
}

/** Pairs an airport's runway ends into runways (reciprocal designators), lower number first. */
export function pairRunways(airport: Airport, ends: readonly RunwayEndRecord[]): Runway[] {
  const unpaired = [...ends];
  const runways: Runway[] = [];
  while (unpaired.length > 0) {
    const first = unpaired.shift() as RunwayEndRecord;
    const want = reciprocalEnd(first.id);
    const index = want === null ? -1 : unpaired.findIndex((e) => e.id === want);
    const pair = index >= 0 ? [first, unpaired.splice(index, 1)[0] as RunwayEndRecord] : [first];
    pair.sort((a, b) => a.id.localeCompare(b.id));
    const lengths = pair.map((e) => e.lengthFt).filter((v): v is number => v !== null);
    runways.push({
      id: pair.map((e) => e.id).join('/'),
      lengthFt: lengths.length > 0 ? Math.max(...lengths) : null,
      widthFt: pair.find((e) => e.widthFt !== null)?.widthFt ?? null,
      surface: null,
      // CIFP gives only the longest runway's surface class; IFR runways are overwhelmingly hard.
      surfaceClass: airport.longestRunwaySurface ?? 'H',
      lighted: null,
      lighting: null,
      ends: pair.map((e) => toRunwayEnd(e, airport.magVarDeg)),
    });
  }
  return runways;
}

/** Builds the model from the records; reports orphans and dangling references. */
export function assembleCifp(records: CifpRecords, issues: IssueCollector): Omit<CifpData, 'edition' | 'effective' | 'stats'> & { dangling: number } {
  const index = new PointIndex();
  const airportByIdent = new Map<string, Airport>();
  for (const rec of records.airports) {
    if (airportByIdent.has(rec.ident)) {
      issues.warning(records.file, rec.airport.source.line, `airport ${rec.ident} defined again; the first definition is kept`);
      continue;
    }
    airportByIdent.set(rec.ident, rec.airport);
    index.addAirport(rec);
  }
  const airportId = (ident: string | null): string | null => (ident === null ? null : airportByIdent.get(ident)?.id ?? ident);

  const endsByAirport = new Map<string, RunwayEndRecord[]>();
  for (const end of records.runwayEnds) {
    if (!airportByIdent.has(end.airportIdent)) {
      issues.warning(records.file, end.source.line, `runway RW${end.id} of ${end.airportIdent}, which has no airport record; runway dropped`);
      continue;
    }
    index.addRunwayEnd(end);
    const list = endsByAirport.get(end.airportIdent);
    if (list) list.push(end);
    else endsByAirport.set(end.airportIdent, [end]);
  }
  for (const [ident, ends] of endsByAirport) {
    const airport = airportByIdent.get(ident) as Airport;
    airport.runways = pairRunways(airport, ends);
    const lengths = airport.runways.map((r) => r.lengthFt).filter((v): v is number => v !== null);
    if (lengths.length > 0) airport.longestRunwayFt = Math.max(...lengths);
  }

  const fixes: Fix[] = [];
  for (const rec of records.waypoints) {
    index.addWaypoint(rec);
    rec.fix.airportId = airportId(rec.airportIdent);
    fixes.push(rec.fix);
  }
  const navaids: Navaid[] = [];
  for (const { rec, section } of records.navaids) {
    index.addNavaid(rec, section);
    navaids.push(rec.navaid);
  }

  let dangling = 0;
  const assembler = new ProcedureAssembler();
  for (const rec of records.legs) {
    const { leg } = rec;
    if (leg.fixId !== null) {
      const point = index.resolve(rec.fixSection, leg.fixId, leg.fixRegion, rec.airportIdent);
      if (point) {
        leg.fixKind = point.kind;
        leg.latDeg = point.latDeg;
        leg.lonDeg = point.lonDeg;
      } else {
        dangling++;
        issues.warning(
          records.file,
          rec.source.line,
          `dangling reference: ${rec.airportIdent} ${rec.kind} ${rec.procedureId} ${rec.transitionId || '(common)'} ` +
            `leg ${rec.sequence}: ${leg.fixId} (section ${rec.fixSection.trim() || '?'}, region ${leg.fixRegion ?? '?'}) is not in the file`,
        );
      }
    }
    assembler.add(rec);
  }
  const procedures = assembler.finish();
  for (const p of procedures) p.airportId = airportId(p.airportId) as string;

  for (const rec of records.airwayPoints) {
    const point = index.resolve(rec.fixSection, rec.point.ident, rec.fixRegion, null);
    if (point) {
      rec.point.kind = point.kind;
      rec.point.latDeg = point.latDeg;
      rec.point.lonDeg = point.lonDeg;
    } else {
      dangling++;
      issues.warning(
        records.file,
        rec.source.line,
        `dangling reference: airway ${rec.routeId} point ${rec.sequence}: ${rec.point.ident} ` +
          `(section ${rec.fixSection.trim() || '?'}, region ${rec.fixRegion ?? '?'}) is not in the file`,
      );
    }
  }

  return {
    id: 'faa-cifp',
    files: [records.file],
    airports: [...airportByIdent.values()],
    navaids,
    fixes,
    airways: assembleAirways(records.airwayPoints),
    procedures,
    dangling,
  };
}
