/**
 * The ICAO route string (field 15 of the ICAO flight plan form, with the departure and destination
 * airports at its ends as pilots and SimBrief give it): `EGCC DCT NAPEX M16 DOLAS L603 LAMSO EDDF`.
 * Points are named, not placed: they are read without a position (resolvePlan finds them), except
 * lat/lon points (`5307N00052W`, `53N001W`). Written with ICAO's whole-minute lat/lon points, so a
 * user point moves by up to half a minute (0.0083°): the other formats keep positions exactly.
 */
import { fixed, PlanFileError, type FlightPlanFile, type PlanPoint } from './model.js';

const AIRWAY = /^[A-Z]{1,3}\d{1,4}[A-Z]?$/;
const PROCEDURE = /^[A-Z]{3,6}\d[A-Z]?(?:\.[A-Z0-9]+)?$/;
const SPEED_LEVEL = /^(?:[NKM]\d{3,4})(?:[FASM]\d{3,4}|VFR)$/;
const LATLON_DM = /^(\d{2})(\d{2})([NS])(\d{3})(\d{2})([EW])$/;
const LATLON_D = /^(\d{2})([NS])(\d{3})([EW])$/;

function latLon(token: string): { lat: number; lon: number } | null {
  let m = LATLON_DM.exec(token);
  if (m) {
    const lat = (Number(m[1]) + Number(m[2]) / 60) * (m[3] === 'S' ? -1 : 1);
    const lon = (Number(m[4]) + Number(m[5]) / 60) * (m[6] === 'W' ? -1 : 1);
    return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && Number(m[2]) < 60 && Number(m[5]) < 60 ? { lat, lon } : null;
  }
  m = LATLON_D.exec(token);
  if (m) {
    const lat = Number(m[1]) * (m[2] === 'S' ? -1 : 1);
    const lon = Number(m[3]) * (m[4] === 'W' ? -1 : 1);
    return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
  }
  return null;
}

/** Read a route string into a plan; the first and last tokens are taken as airports when they look like ICAO airport codes. */
export function readIcaoRoute(route: string): FlightPlanFile {
  const raw = route
    .toUpperCase()
    .replace(/[()]/g, ' ')
    .split(/\s+/)
    .filter((t) => t !== '' && t !== '-');
  const tokens = raw.map((t) => t.split('/')[0]!).filter((t) => t !== 'DCT' && t !== '' && !SPEED_LEVEL.test(t));
  if (tokens.length === 0) throw new PlanFileError('icao-route', 'the route is empty');
  const plan: FlightPlanFile = { points: [], procedures: {} };
  const airportLike = (t: string | undefined) => t !== undefined && /^[A-Z]{4}$/.test(t);
  const last = tokens.length - 1;
  let pendingAirway: string | undefined;
  tokens.forEach((t, i) => {
    if (i === 1 && airportLike(tokens[0]) && PROCEDURE.test(t) && !AIRWAY.test(t)) {
      const [name, trans] = t.split('.');
      plan.procedures.sid = name!;
      if (trans) plan.procedures.sidTransition = trans;
      return;
    }
    if (i === last - 1 && airportLike(tokens[last]) && PROCEDURE.test(t) && !AIRWAY.test(t)) {
      const [name, trans] = t.split('.');
      plan.procedures.star = name!;
      if (trans) plan.procedures.starTransition = trans;
      return;
    }
    if (i > 0 && i < last && AIRWAY.test(t) && plan.points.length > 0) {
      pendingAirway = t;
      return;
    }
    if (!/^[A-Z0-9]{1,11}$/.test(t)) throw new PlanFileError('icao-route', `token ${i + 1} "${t}" is not a point, airway, procedure, DCT or speed/level group`);
    const pos = latLon(t);
    const point: PlanPoint = pos
      ? { ident: t, kind: 'user', lat: pos.lat, lon: pos.lon }
      : { ident: t, kind: (i === 0 || i === last) && airportLike(t) ? 'airport' : 'fix', lat: NaN, lon: NaN };
    if (!pos && point.kind === 'fix') point.kindGuessed = true;
    if (pendingAirway) point.airway = pendingAirway;
    pendingAirway = undefined;
    plan.points.push(point);
  });
  if (pendingAirway) throw new PlanFileError('icao-route', `the route ends with airway ${pendingAirway}: an airway needs the point it leaves at after it`);
  const first = plan.points[0];
  const end = plan.points[plan.points.length - 1];
  if (first?.kind === 'airport') plan.departure = first.ident;
  if (plan.points.length > 1 && end?.kind === 'airport') plan.destination = end.ident;
  return plan;
}

/** An ICAO lat/lon point, whole minutes: `5307N00052W`. */
export function icaoLatLon(lat: number, lon: number): string {
  let latMin = Math.round(Math.abs(lat) * 60);
  let lonMin = Math.round(Math.abs(lon) * 60);
  latMin = Math.min(latMin, 90 * 60);
  lonMin = Math.min(lonMin, 180 * 60);
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  return `${pad(Math.floor(latMin / 60), 2)}${pad(latMin % 60, 2)}${lat < 0 ? 'S' : 'N'}${pad(Math.floor(lonMin / 60), 3)}${pad(lonMin % 60, 2)}${lon < 0 ? 'W' : 'E'}`;
}

export interface WriteIcaoRouteOptions {
  /** `icao` (default): user points as whole-minute ICAO points; `decimal`: `lat/lon` with 6 decimals (Clearway's own route box reads it). */
  latLonStyle?: 'icao' | 'decimal';
  /** Write DCT between points not joined by an airway (ICAO field 15 style; default true). */
  dct?: boolean;
}

/**
 * The tokens of a route string: the departure airport, the SID, the en-route points (points of a run on
 * one airway collapse to the airway and its exit point; the SID's last point and the STAR's first are
 * kept, the procedures' other points left to the procedures), the STAR, the destination airport.
 */
export function routeTokens(plan: FlightPlanFile, name: (p: PlanPoint) => string, dct: boolean, withProcedures = true): string[] {
  const pts = [...plan.points];
  const head = pts[0]?.kind === 'airport' ? pts.shift()!.ident.toUpperCase() : plan.departure;
  const tail = pts.length > 0 && pts[pts.length - 1]?.kind === 'airport' ? pts.pop()!.ident.toUpperCase() : plan.destination;
  const sid = withProcedures && plan.procedures.sid ? (plan.procedures.sidTransition ? `${plan.procedures.sid}.${plan.procedures.sidTransition}` : plan.procedures.sid) : undefined;
  const star = withProcedures && plan.procedures.star ? (plan.procedures.starTransition ? `${plan.procedures.star}.${plan.procedures.starTransition}` : plan.procedures.star) : undefined;
  const lastSid = sid ? pts.map((p) => p.procedure).lastIndexOf('sid') : -1;
  const firstStar = star ? pts.findIndex((p) => p.procedure === 'star') : -1;
  const body = pts.filter((p, i) => !(sid && p.procedure === 'sid' && i !== lastSid) && !(star && p.procedure === 'star' && i !== firstStar));
  const out: string[] = [];
  if (head) out.push(head);
  if (sid) out.push(sid);
  body.forEach((p, i) => {
    if (p.airway && body[i + 1]?.airway === p.airway) return; // inside an airway run
    if (p.airway && (i > 0 || head)) out.push(p.airway);
    else if (dct && out.length > 0 && !(i === 0 && sid)) out.push('DCT');
    out.push(name(p));
  });
  if (star) out.push(star);
  else if (dct && tail && body.length > 0) out.push('DCT');
  if (tail) out.push(tail);
  return out;
}

/** Write a plan as an ICAO route string (whole-minute lat/lon points, DCT between points off airways). */
export function writeIcaoRoute(plan: FlightPlanFile, options: WriteIcaoRouteOptions = {}): string {
  const style = options.latLonStyle ?? 'icao';
  const name = (p: PlanPoint) => (p.kind === 'user' ? (style === 'icao' ? icaoLatLon(p.lat, p.lon) : `${fixed(p.lat, 6)}/${fixed(p.lon, 6)}`) : p.ident.toUpperCase());
  return routeTokens(plan, name, options.dct ?? true).join(' ');
}
