/**
 * X-Plane flight plans (`.fms`): version 1100 (X-Plane 11.10 and later, X-Plane 12) read and written;
 * the old version 3 (X-Plane 9/10) read. Layout of version 1100:
 *
 *     I
 *     1100 Version
 *     CYCLE 2106
 *     ADEP EGCC            (DEP <ident> when the plan does not start at an airport)
 *     DEPRWY RW23R         optional, then SID, SIDTRANS
 *     ADES EDDF            (DES <ident> when it does not end at an airport)
 *     DESRWY RW25L         optional, then STAR, STARTRANS, APP, APPTRANS
 *     NUMENR 17
 *     <type> <ident> <via> <altitude ft> <lat> <lon>
 *
 * Types: 1 airport, 2 NDB, 3 VOR, 11 fix, 28 lat/lon point. Via: ADEP/DEP on the first point, ADES/DES
 * on the last, DRCT for a direct leg, else the airway the point is reached by.
 *
 * Version 3: `I`, `3 version`, a flag line, the number of points less one, then `<type> <ident> <alt>
 * <lat> <lon>` (a type 0 line ends the list).
 */
import { fixed, PlanFileError, requirePositions, textLines, type FlightPlanFile, type PlanPoint, type PlanPointKind } from './model.js';

const TYPE_CODE: Record<PlanPointKind, number> = { airport: 1, ndb: 2, vor: 3, fix: 11, user: 28 };
const CODE_TYPE: Record<number, PlanPointKind> = { 1: 'airport', 2: 'ndb', 3: 'vor', 11: 'fix', 28: 'user', 13: 'user' };

export interface WriteFmsOptions {
  /** AIRAC cycle written on the CYCLE line (four digits); the plan's own, else this, else 1801. */
  cycle?: string;
  /** Line ending: X-Plane reads both; `\n` unless asked (Little Navmap and X-Plane 12 write `\n`). */
  lineEnding?: '\n' | '\r\n';
}

/** An idents-only token X-Plane can read: no spaces. */
function token(text: string): string {
  const t = text.trim().replace(/\s+/g, '_');
  return t === '' ? 'WPT' : t;
}

/** Write a plan as an X-Plane 11/12 `.fms` file (version 1100). */
export function writeFms(plan: FlightPlanFile, options: WriteFmsOptions = {}): string {
  requirePositions(plan, 'xplane-fms');
  const eol = options.lineEnding ?? '\n';
  const points = plan.points;
  if (points.length < 2) throw new PlanFileError('xplane-fms', `a plan needs at least two points to write, it has ${points.length}`);
  const cycle = plan.navCycle ?? options.cycle ?? '1801';
  if (!/^\d{4}$/.test(cycle)) throw new PlanFileError('xplane-fms', `the nav data cycle must be four digits (YYNN), got "${cycle}"`);
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const depAirport = first.kind === 'airport';
  const desAirport = last.kind === 'airport';
  const proc = plan.procedures;
  const lines = ['I', '1100 Version', `CYCLE ${cycle}`, `${depAirport ? 'ADEP' : 'DEP'} ${token(first.ident)}`];
  if (proc.departureRunway) lines.push(`DEPRWY ${token(runwayName(proc.departureRunway))}`);
  if (proc.sid) lines.push(`SID ${token(proc.sid)}`);
  if (proc.sidTransition) lines.push(`SIDTRANS ${token(proc.sidTransition)}`);
  lines.push(`${desAirport ? 'ADES' : 'DES'} ${token(last.ident)}`);
  if (proc.arrivalRunway) lines.push(`DESRWY ${token(runwayName(proc.arrivalRunway))}`);
  if (proc.star) lines.push(`STAR ${token(proc.star)}`);
  if (proc.starTransition) lines.push(`STARTRANS ${token(proc.starTransition)}`);
  if (proc.approach) lines.push(`APP ${token(proc.approach)}`);
  if (proc.approachTransition) lines.push(`APPTRANS ${token(proc.approachTransition)}`);
  lines.push(`NUMENR ${points.length}`);
  points.forEach((p, i) => {
    let via: string;
    if (i === 0) via = depAirport ? 'ADEP' : 'DEP';
    else if (i === points.length - 1) via = desAirport ? 'ADES' : 'DES';
    else via = p.airway ? token(p.airway) : 'DRCT';
    lines.push(`${TYPE_CODE[p.kind]} ${token(p.ident)} ${via} ${fixed(p.altitudeFt ?? 0, 6)} ${fixed(p.lat, 6)} ${fixed(p.lon, 6)}`);
  });
  return lines.join(eol) + eol;
}

/** X-Plane names runways `RW28L`. */
function runwayName(runway: string): string {
  const r = runway.trim().toUpperCase();
  return r.startsWith('RW') ? r : `RW${r}`;
}

function parseNumber(text: string | undefined, what: string, line: number): number {
  const n = Number(text);
  if (text === undefined || text === '' || !Number.isFinite(n)) throw new PlanFileError('xplane-fms', `${what} "${text ?? ''}" is not a number`, line);
  return n;
}

function checkPosition(lat: number, lon: number, line: number): void {
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) throw new PlanFileError('xplane-fms', `position ${lat} ${lon} is outside -90..90, -180..180`, line);
}

/** Read an X-Plane `.fms` file, version 1100 or 3. */
export function readFms(text: string): FlightPlanFile {
  const lines = textLines(text);
  const origin = (lines[0] ?? '').trim();
  if (origin !== 'I' && origin !== 'A') throw new PlanFileError('xplane-fms', `the first line must be "I" or "A", got "${origin.slice(0, 20)}"`, 1);
  const versionLine = (lines[1] ?? '').trim();
  const version = versionLine.split(/\s+/)[0];
  if (version === '1100') return readV1100(lines);
  if (version === '3') return readV3(lines);
  throw new PlanFileError('xplane-fms', `unsupported version "${versionLine.slice(0, 30)}" (1100 and 3 are read)`, 2);
}

function readV1100(lines: string[]): FlightPlanFile {
  const plan: FlightPlanFile = { points: [], procedures: {} };
  let expected: number | null = null;
  for (let i = 2; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = lines[i]!.trim();
    if (line === '') continue;
    const parts = line.split(/\s+/);
    const key = parts[0]!;
    if (expected === null) {
      const value = parts.slice(1).join(' ');
      switch (key) {
        case 'CYCLE':
          plan.navCycle = value;
          break;
        case 'ADEP':
          plan.departure = value;
          break;
        case 'ADES':
          plan.destination = value;
          break;
        case 'DEP':
        case 'DES':
          break;
        case 'DEPRWY':
          plan.procedures.departureRunway = value;
          break;
        case 'SID':
          plan.procedures.sid = value;
          break;
        case 'SIDTRANS':
          plan.procedures.sidTransition = value;
          break;
        case 'DESRWY':
          plan.procedures.arrivalRunway = value;
          break;
        case 'STAR':
          plan.procedures.star = value;
          break;
        case 'STARTRANS':
          plan.procedures.starTransition = value;
          break;
        case 'APP':
          plan.procedures.approach = value;
          break;
        case 'APPTRANS':
          plan.procedures.approachTransition = value;
          break;
        case 'NUMENR':
          expected = parseNumber(parts[1], 'NUMENR', lineNo);
          break;
        default:
          throw new PlanFileError('xplane-fms', `unknown header line "${line.slice(0, 40)}"`, lineNo);
      }
      continue;
    }
    if (parts.length < 6) throw new PlanFileError('xplane-fms', `a waypoint line needs 6 fields (type ident via altitude lat lon), got ${parts.length}`, lineNo);
    const code = parseNumber(parts[0], 'waypoint type', lineNo);
    const kind = CODE_TYPE[code];
    if (!kind) throw new PlanFileError('xplane-fms', `unknown waypoint type ${code} (1, 2, 3, 11, 28 are known)`, lineNo);
    const via = parts[2]!;
    const lat = parseNumber(parts[4], 'latitude', lineNo);
    const lon = parseNumber(parts[5], 'longitude', lineNo);
    checkPosition(lat, lon, lineNo);
    const point: PlanPoint = { ident: parts[1]!, kind, lat, lon, altitudeFt: parseNumber(parts[3], 'altitude', lineNo) };
    if (!['ADEP', 'DEP', 'ADES', 'DES', 'DRCT'].includes(via)) point.airway = via;
    plan.points.push(point);
  }
  if (expected === null) throw new PlanFileError('xplane-fms', 'no NUMENR line: the file ends before its waypoints');
  if (plan.points.length !== expected) throw new PlanFileError('xplane-fms', `NUMENR says ${expected} waypoints, the file has ${plan.points.length}`);
  return plan;
}

function readV3(lines: string[]): FlightPlanFile {
  const plan: FlightPlanFile = { points: [], procedures: {} };
  const countLine = (lines[3] ?? '').trim();
  const count = parseNumber(countLine, 'waypoint count', 4) + 1;
  for (let i = 4; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = lines[i]!.trim();
    if (line === '') continue;
    const parts = line.split(/\s+/);
    const code = parseNumber(parts[0], 'waypoint type', lineNo);
    if (code === 0) break;
    if (parts.length < 5) throw new PlanFileError('xplane-fms', `a version 3 waypoint line needs 5 fields (type ident altitude lat lon), got ${parts.length}`, lineNo);
    const kind = CODE_TYPE[code];
    if (!kind) throw new PlanFileError('xplane-fms', `unknown waypoint type ${code} (1, 2, 3, 11, 28 are known)`, lineNo);
    const lat = parseNumber(parts[3], 'latitude', lineNo);
    const lon = parseNumber(parts[4], 'longitude', lineNo);
    checkPosition(lat, lon, lineNo);
    plan.points.push({ ident: parts[1]!, kind, lat, lon, altitudeFt: parseNumber(parts[2], 'altitude', lineNo) });
  }
  if (plan.points.length !== count) throw new PlanFileError('xplane-fms', `the header says ${count} waypoints, the file has ${plan.points.length}`, 4);
  const first = plan.points[0];
  const last = plan.points[plan.points.length - 1];
  if (first?.kind === 'airport') plan.departure = first.ident;
  if (last && last !== first && last.kind === 'airport') plan.destination = last.ident;
  return plan;
}
