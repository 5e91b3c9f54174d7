/**
 * SID (PD), STAR (PE) and approach (PF) records (ARINC 424-18 4.1.9): one record per leg, grouped
 * by procedure, then by route type and transition, in file (sequence) order.
 */
import type { ProcedureKind, SourceRef } from '@clearway/navdb';
import { altitudeFt, col, courseField, numberField, text } from './fields.js';
import type { RecordContext } from './fields.js';
import type { CifpLeg, CifpProcedure, CifpTransition } from './types.js';

/** A leg as read, with what is needed to resolve its fix once the whole file is known. */
export interface LegRecord {
  airportIdent: string;
  kind: ProcedureKind;
  procedureId: string;
  routeType: string;
  transitionId: string;
  sequence: number;
  /** Section key of the fix (cols 37-38): `PC`, `EA`, `D `, `DB`, `PN`, `PG`, `PA`. */
  fixSection: string;
  leg: CifpLeg;
  source: SourceRef;
}

const KIND_OF_SECTION: Record<string, ProcedureKind> = { PD: 'SID', PE: 'STAR', PF: 'APPROACH' };

/** Path and terminator codes of ARINC 424-18 (5.21). */
const PATH_TERMINATORS = new Set([
  'IF', 'TF', 'CF', 'DF', 'FA', 'FC', 'FD', 'FM', 'CA', 'CD', 'CI', 'CR', 'RF', 'AF', 'VA', 'VD', 'VI',
  'VM', 'VR', 'PI', 'HA', 'HF', 'HM',
]);

/** Distance (`0110`, tenths of a nautical mile) or time (`T010`, tenths of a minute), cols 75-78. */
function distanceOrTime(ctx: RecordContext, record: string): { distanceNm: number | null; timeMin: number | null } {
  const raw = col(record, 75, 78);
  if (raw.trim() === '') return { distanceNm: null, timeMin: null };
  if (/^\d{4}$/.test(raw)) return { distanceNm: Number(raw) / 10, timeMin: null };
  const t = /^T(\d{3})$/.exec(raw);
  if (t) return { distanceNm: null, timeMin: Number(t[1]) / 10 };
  ctx.issues.warning(ctx.file, ctx.line, `distance/time: cannot read '${raw}' (columns ignored)`);
  return { distanceNm: null, timeMin: null };
}

/** Vertical angle `-310` (hundredths of a degree, signed), cols 103-106. */
function verticalAngle(ctx: RecordContext, record: string): number | null {
  const raw = col(record, 103, 106);
  if (raw.trim() === '') return null;
  const m = /^([+-]?)(\d{3})$/.exec(raw.trim());
  if (!m) {
    ctx.issues.warning(ctx.file, ctx.line, `vertical angle: cannot read '${raw}' (columns ignored)`);
    return null;
  }
  const value = Number(m[2]) / 100;
  return m[1] === '-' ? -value : value;
}

/** One SID, STAR or approach leg record; null (with an issue) when it cannot be a leg. */
export function readLeg(ctx: RecordContext, record: string, section: string): LegRecord | null {
  const kind = KIND_OF_SECTION[section] as ProcedureKind;
  const airportIdent = text(record, 7, 10);
  const procedureId = text(record, 14, 19);
  const sequence = numberField(ctx, record, 27, 29, 'sequence number');
  if (!airportIdent || !procedureId || sequence === null) {
    ctx.issues.error(ctx.file, ctx.line, `${kind} record without an airport, procedure ident or sequence number; record skipped`);
    return null;
  }
  const pathTerminator = col(record, 48, 49);
  if (!PATH_TERMINATORS.has(pathTerminator)) {
    ctx.issues.error(
      ctx.file,
      ctx.line,
      `${airportIdent} ${procedureId}: unknown path and terminator '${pathTerminator}'; leg skipped`,
    );
    return null;
  }
  const fixId = text(record, 30, 34);
  const turn = col(record, 44, 44);
  const description = col(record, 40, 43);
  const altitude1Ft = altitudeFt(ctx, record, 85, 'altitude 1');
  const altitude2Ft = altitudeFt(ctx, record, 90, 'altitude 2');
  const altitudeDescription = col(record, 83, 83);
  const speedLimitKt = numberField(ctx, record, 100, 102, 'speed limit');
  const course = courseField(ctx, record, 71);
  const { distanceNm, timeMin } = distanceOrTime(ctx, record);
  const arcRadius = numberField(ctx, record, 57, 62, 'arc radius', 1000);
  const leg: CifpLeg = {
    fixId,
    fixKind: fixId === null ? null : 'unknown',
    latDeg: null,
    lonDeg: null,
    pathTerminator,
    turnDirection: turn === 'L' || turn === 'R' ? turn : null,
    altitudeDescription: altitude1Ft === null && altitude2Ft === null && altitudeDescription === ' ' ? null : altitudeDescription,
    altitude1Ft,
    altitude2Ft,
    speedLimitKt,
    speedDescription: speedLimitKt === null ? null : col(record, 118, 118),
    courseDeg: course?.deg ?? null,
    distanceNm,
    recommendedNavaid: text(record, 51, 54),
    descriptionCode: description.trim() === '' ? null : description,
    fixRegion: fixId === null ? null : text(record, 35, 36),
    courseIsTrue: course?.isTrue ?? false,
    timeMin,
    arcRadiusNm: arcRadius,
    // Cols 107-111 hold the arc centre on RF legs and TAA data on other legs.
    centerFixId: pathTerminator === 'RF' ? text(record, 107, 111) : null,
    thetaDeg: numberField(ctx, record, 63, 66, 'theta', 10),
    rhoNm: numberField(ctx, record, 67, 70, 'rho', 10),
    verticalAngleDeg: verticalAngle(ctx, record),
    missedApproach: false,
  };
  return {
    airportIdent,
    kind,
    procedureId,
    routeType: col(record, 20, 20),
    transitionId: text(record, 21, 25) ?? '',
    sequence,
    fixSection: col(record, 37, 38),
    leg,
    source: { source: 'faa-cifp', file: ctx.file, line: ctx.line },
  };
}

/** Groups leg records into procedures and transitions, keeping the order of first appearance. */
export class ProcedureAssembler {
  private readonly procedures = new Map<string, { procedure: CifpProcedure; transitions: Map<string, CifpTransition> }>();

  add(rec: LegRecord): void {
    const key = `${rec.airportIdent}|${rec.kind}|${rec.procedureId}`;
    let entry = this.procedures.get(key);
    if (!entry) {
      entry = {
        procedure: { airportId: rec.airportIdent, kind: rec.kind, id: rec.procedureId, transitions: [], source: rec.source },
        transitions: new Map(),
      };
      this.procedures.set(key, entry);
    }
    const tkey = `${rec.routeType}|${rec.transitionId}`;
    let transition = entry.transitions.get(tkey);
    if (!transition) {
      transition = { id: rec.transitionId, routeType: rec.routeType, legs: [] };
      entry.transitions.set(tkey, transition);
      entry.procedure.transitions.push(transition);
    }
    transition.legs.push(rec.leg);
  }

  /** The procedures, with missed approach legs flagged. */
  finish(): CifpProcedure[] {
    const out: CifpProcedure[] = [];
    for (const { procedure } of this.procedures.values()) {
      if (procedure.kind === 'APPROACH') for (const t of procedure.transitions) flagMissedApproach(t.legs);
      out.push(procedure);
    }
    return out;
  }
}

/** Marks the legs from the first one coded `M` in column 42 (first leg of the missed approach) on. */
function flagMissedApproach(legs: CifpLeg[]): void {
  let missed = false;
  for (const leg of legs) {
    if (leg.descriptionCode?.charAt(2) === 'M') missed = true;
    leg.missedApproach = missed;
  }
}
