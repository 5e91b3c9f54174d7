/**
 * Garmin `.gfp`: the one-line text flight plan of the Garmin GTN/GNS units and their simulations
 * (derived from ARINC 702A's IMI/IEI flight plan message), e.g.
 *
 *     FPN/RI:F:KEAT:F:EAT.V120.SEA.V495.CONDI:F:N50805W124202:F:CYPU
 *     FPN/RI:DA:KPDX:D:LAVAA5.YKM:R:10R:F:YKM.V448.GEG:AA:KHIO:A:HELNS5.SEA(13O):AP:R13
 *
 * `FPN/RI` then `:<tag>:<value>` pairs: `F` a segment (a point, or points joined by airways
 * `ENTRY.AIRWAY.EXIT[.AIRWAY.EXIT...]`), `DA`/`AA` the departure/arrival airport, `D` the departure
 * procedure `SID[.TRANSITION]`, `R` the departure runway, `A` the arrival `STAR[.TRANSITION][(RUNWAY)]`,
 * `AP` the approach `NAME[.TRANSITION]`. A point is an ident, a position `NddmmmWdddmmm` (degrees,
 * minutes and tenths of a minute) or both `IDENT,NddmmmWdddmmm`. Named points carry no position: the
 * plan is matched to the nav database on import. Written as one line with no line ending (the units
 * read only the first line); positions to a tenth of a minute (about 0.00017°).
 */
import { PlanFileError, type FlightPlanFile, type PlanPoint } from './model.js';

const POSITION = /^([NS])(\d{2})(\d{2})(\d)([EW])(\d{3})(\d{2})(\d)$/;
const TAGS = new Set(['F', 'DA', 'AA', 'D', 'R', 'A', 'AP']);

/** A `.gfp` position (`N45223W121419`: 45°22.3' N, 121°41.9' W) in degrees, or null. */
export function gfpPosition(token: string): { lat: number; lon: number } | null {
  const m = POSITION.exec(token);
  if (!m) return null;
  const latMin = Number(`${m[3]}.${m[4]}`);
  const lonMin = Number(`${m[7]}.${m[8]}`);
  const lat = (Number(m[2]) + latMin / 60) * (m[1] === 'S' ? -1 : 1);
  const lon = (Number(m[6]) + lonMin / 60) * (m[5] === 'W' ? -1 : 1);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && latMin < 60 && lonMin < 60 ? { lat, lon } : null;
}

/** Degrees as a `.gfp` position, rounded to a tenth of a minute. */
export function formatGfpPosition(lat: number, lon: number): string {
  const part = (deg: number, width: number) => {
    let tenths = Math.round(Math.abs(deg) * 600);
    const whole = Math.floor(tenths / 600);
    tenths -= whole * 600;
    return `${String(whole).padStart(width, '0')}${String(Math.floor(tenths / 10)).padStart(2, '0')}${tenths % 10}`;
  };
  return `${lat < 0 ? 'S' : 'N'}${part(lat, 2)}${lon < 0 ? 'W' : 'E'}${part(lon, 3)}`;
}

function point(token: string, where: string): PlanPoint {
  const [ident, coords] = token.split(',');
  const pos = gfpPosition(coords ?? ident ?? '');
  if (coords !== undefined && !pos) throw new PlanFileError('garmin-gfp', `${where}: "${coords}" is not a position like N45223W121419`);
  if (pos && coords === undefined) return { ident: ident!, kind: 'user', lat: pos.lat, lon: pos.lon };
  if (!/^[A-Z0-9]{1,12}$/.test(ident ?? '')) throw new PlanFileError('garmin-gfp', `${where}: "${token}" is not a point ident or position`);
  // A named point with its position (`SEA,N47261W122186`): kept as a named point, matched to the database by both.
  if (pos) return { ident: ident!, kind: 'fix', kindGuessed: true, lat: pos.lat, lon: pos.lon };
  return { ident: ident!, kind: 'fix', kindGuessed: true, lat: NaN, lon: NaN };
}

/** Read a `.gfp` (its first line). */
export function readGfp(content: string): FlightPlanFile {
  const line = (content.replace(/^\uFEFF/, '').split(/\r?\n/).find((l) => l.trim() !== '') ?? '').trim().toUpperCase();
  if (!line.startsWith('FPN/RI:')) throw new PlanFileError('garmin-gfp', `line 1 must start with "FPN/RI:" (it starts "${line.slice(0, 12)}")`, 1);
  const fields = line.slice('FPN/RI:'.length).split(':');
  if (fields.length % 2 !== 0) throw new PlanFileError('garmin-gfp', `line 1: "${fields[fields.length - 1]}" has no value after it (fields come in tag:value pairs)`, 1);
  const plan: FlightPlanFile = { points: [], procedures: {} };
  for (let i = 0; i < fields.length; i += 2) {
    const tag = fields[i]!;
    const value = fields[i + 1]!;
    const where = `field ${i / 2 + 1} (${tag})`;
    if (!TAGS.has(tag)) throw new PlanFileError('garmin-gfp', `line 1, ${where}: unknown tag "${tag}" (known: ${[...TAGS].join(', ')})`, 1);
    if (value === '') throw new PlanFileError('garmin-gfp', `line 1, ${where}: empty value`, 1);
    switch (tag) {
      case 'F': {
        const parts = value.split('.');
        if (parts.length % 2 === 0) throw new PlanFileError('garmin-gfp', `line 1, ${where}: "${value}" ends with an airway; an airway needs its exit point after it`, 1);
        parts.forEach((part, j) => {
          if (j % 2 === 1) return;
          const p = point(part, `line 1, ${where}`);
          if (j > 0) p.airway = parts[j - 1]!;
          plan.points.push(p);
        });
        break;
      }
      case 'DA':
      case 'AA': {
        const p = point(value, `line 1, ${where}`);
        if (p.kind !== 'user') { p.kind = 'airport'; delete p.kindGuessed; }
        if (tag === 'DA') {
          plan.departure = p.ident;
          plan.points.unshift(p);
        } else {
          plan.destination = p.ident;
          plan.points.push(p);
        }
        break;
      }
      case 'D': {
        const [sid, trans] = value.split('.');
        plan.procedures.sid = sid!;
        if (trans) plan.procedures.sidTransition = trans;
        break;
      }
      case 'R':
        plan.procedures.departureRunway = value;
        break;
      case 'A': {
        const m = /^([^.(]+)(?:\.([^(]+))?(?:\(([^)]+)\))?$/.exec(value);
        if (!m) throw new PlanFileError('garmin-gfp', `line 1, ${where}: "${value}" is not STAR[.TRANSITION][(RUNWAY)]`, 1);
        plan.procedures.star = m[1]!;
        if (m[2]) plan.procedures.starTransition = m[2];
        if (m[3]) plan.procedures.arrivalRunway = m[3];
        break;
      }
      case 'AP': {
        const [approach, trans] = value.split('.');
        plan.procedures.approach = approach!;
        if (trans) plan.procedures.approachTransition = trans;
        break;
      }
    }
  }
  if (plan.points.length === 0) throw new PlanFileError('garmin-gfp', 'line 1: the plan has no points', 1);
  // Without DA/AA, a first or last point that looks like an ICAO airport code is taken as the airport.
  const airportLike = (p: PlanPoint | undefined) => p !== undefined && p.kind === 'fix' && /^[A-Z]{4}$/.test(p.ident);
  const first = plan.points[0];
  const last = plan.points[plan.points.length - 1];
  if (!plan.departure && airportLike(first)) {
    first!.kind = 'airport';
    delete first!.kindGuessed;
    plan.departure = first!.ident;
  }
  if (!plan.destination && plan.points.length > 1 && airportLike(last)) {
    last!.kind = 'airport';
    delete last!.kindGuessed;
    plan.destination = last!.ident;
  }
  return plan;
}

/** A `.gfp` ident: letters and digits (the units accept no others). */
const gfpIdent = (ident: string) => ident.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 12) || 'WPT';

/**
 * Write a plan as a `.gfp` line. Points reached by an airway join the previous point's segment
 * (`EAT.V120.SEA`); user points are written as positions. With procedures the airports go in `DA`/`AA`
 * with `D`, `R`, `A` and `AP`; without, every point is an `F` segment.
 */
export function writeGfp(plan: FlightPlanFile): string {
  const points = plan.points;
  if (points.length < 2) throw new PlanFileError('garmin-gfp', `a plan needs at least two points to write, it has ${points.length}`);
  const proc = plan.procedures;
  const hasProcedures = Boolean(proc.sid || proc.star || proc.approach || proc.departureRunway);
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const useDa = hasProcedures && first.kind === 'airport';
  const useAa = hasProcedures && last.kind === 'airport';
  const name = (p: PlanPoint) => {
    if (p.kind === 'user') {
      if (!(Number.isFinite(p.lat) && Number.isFinite(p.lon))) throw new PlanFileError('garmin-gfp', `user point ${p.ident} has no position`);
      return formatGfpPosition(p.lat, p.lon);
    }
    return gfpIdent(p.ident);
  };
  const fields: string[] = [];
  if (useDa) {
    fields.push(`DA:${name(first)}`);
    if (proc.sid) fields.push(`D:${proc.sid}${proc.sidTransition ? `.${proc.sidTransition}` : ''}`);
    if (proc.departureRunway) fields.push(`R:${proc.departureRunway.replace(/^RW/i, '')}`);
  }
  const enroute = points.slice(useDa ? 1 : 0, useAa ? -1 : undefined).filter((p) => !p.procedure);
  let segment: string | null = null;
  for (const p of enroute) {
    if (p.airway && segment !== null) segment += `.${p.airway.replace(/[^A-Za-z0-9]/g, '')}.${name(p)}`;
    else {
      if (segment !== null) fields.push(`F:${segment}`);
      segment = name(p);
    }
  }
  if (segment !== null) fields.push(`F:${segment}`);
  if (useAa) {
    fields.push(`AA:${name(last)}`);
    if (proc.star) fields.push(`A:${proc.star}${proc.starTransition ? `.${proc.starTransition}` : ''}${proc.arrivalRunway ? `(${proc.arrivalRunway.replace(/^RW/i, '')})` : ''}`);
    if (proc.approach) fields.push(`AP:${proc.approach}${proc.approachTransition ? `.${proc.approachTransition}` : ''}`);
  }
  return `FPN/RI:${fields.join(':')}`;
}
