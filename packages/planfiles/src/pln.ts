/**
 * Microsoft flight simulator plans (`.pln`, AceXML): FSX, MSFS 2020 and MSFS 2024, told apart by
 * `AppVersionMajor` (10 FSX, 11 MSFS 2020, 12 MSFS 2024); without it, by the document header
 * (`Type="AceXML"` FSX/2020 layout, none 2024). Written with a UTF-8 byte-order mark and `\n` line
 * endings, four-space indentation, as Little Navmap and SimBrief write them.
 *
 * Points are `ATCWaypoint`s: `ATCWaypointType` (Airport, VOR, NDB, Intersection, User), `WorldPosition`
 * (`N24° 33' 22.30",W81° 45' 8.35",+000132.19`; MSFS 2024 plans from SimBrief may have none: the
 * point is then named only), `ATCAirway`, `DepartureFP`/`ArrivalFP` (SID/STAR names),
 * `RunwayNumberFP`/`RunwayDesignatorFP`, `ICAO` (`ICAORegion`, `ICAOIdent`). MSFS 2024 lists no
 * departure or destination airport point (only `DepartureID`/`DestinationID`), and carries procedures
 * in `DepartureDetails`, `ArrivalDetails`, `ApproachDetails`.
 */
import { checkLatLon, child, children, escapeXml, num, parseXml, text, type XmlNode } from './xml.js';
import { fixed, plainIdent, PlanFileError, requirePositions, type FlightPlanFile, type PlanFormat, type PlanPoint, type PlanPointKind } from './model.js';

export type PlnFormat = 'fsx-pln' | 'msfs2020-pln' | 'msfs2024-pln';

const TYPE_KIND: Record<string, PlanPointKind> = { airport: 'airport', vor: 'vor', ndb: 'ndb', intersection: 'fix', user: 'user' };
const KIND_TYPE: Record<PlanPointKind, string> = { airport: 'Airport', vor: 'VOR', ndb: 'NDB', fix: 'Intersection', user: 'User' };
const DESIGNATORS: Record<string, string> = { LEFT: 'L', RIGHT: 'R', CENTER: 'C', NONE: '', WATER: 'W' };
const DESIGNATOR_NAMES: Record<string, string> = { L: 'LEFT', R: 'RIGHT', C: 'CENTER', W: 'WATER' };

/** Which simulator wrote a `.pln`, from its version fields. */
export function plnVariant(xml: string): PlnFormat {
  const major = /<AppVersionMajor>\s*(\d+)\s*<\/AppVersionMajor>/.exec(xml)?.[1];
  if (major === '10') return 'fsx-pln';
  if (major === '11') return 'msfs2020-pln';
  if (major === '12') return 'msfs2024-pln';
  return /<SimBase\.Document[^>]*Type="AceXML"/.test(xml) ? 'msfs2020-pln' : 'msfs2024-pln';
}

/** Parse `N24° 33' 22.30",W81° 45' 8.35",+000132.19` (seconds may be absent; the altitude is optional). */
export function parseWorldPosition(value: string, format: PlanFormat, what: string): { lat: number; lon: number; altitudeFt?: number } {
  const parts = value.split(',').map((s) => s.trim());
  const angle = (s: string | undefined, hemis: string): number => {
    const m = /^([NSEW])\s*(\d+(?:\.\d+)?)°\s*(?:(\d+(?:\.\d+)?)'\s*)?(?:(\d+(?:\.\d+)?)")?$/.exec(s ?? '');
    if (!m || !hemis.includes(m[1]!)) throw new PlanFileError(format, `${what}: "${value}" is not a position like N24° 33' 22.30",W81° 45' 8.35",+000132.19`);
    const v = Number(m[2]) + Number(m[3] ?? 0) / 60 + Number(m[4] ?? 0) / 3600;
    return m[1] === 'S' || m[1] === 'W' ? -v : v;
  };
  const lat = angle(parts[0], 'NS');
  const lon = angle(parts[1], 'EW');
  checkLatLon(lat, lon, format, what);
  const result: { lat: number; lon: number; altitudeFt?: number } = { lat, lon };
  if (parts[2]) result.altitudeFt = num(parts[2], format, `${what} altitude`);
  return result;
}

function dms(value: number, positive: string, negative: string, degreeDigits: number): string {
  let totalHundredths = Math.round(Math.abs(value) * 360000); // hundredths of a second
  const deg = Math.floor(totalHundredths / 360000);
  totalHundredths -= deg * 360000;
  const min = Math.floor(totalHundredths / 6000);
  const sec = (totalHundredths - min * 6000) / 100;
  void degreeDigits;
  return `${value < 0 ? negative : positive}${deg}° ${min}' ${sec.toFixed(2)}"`;
}

/** Write a position the way MSFS does. */
export function formatWorldPosition(lat: number, lon: number, altitudeFt = 0): string {
  const alt = `${altitudeFt < 0 ? '-' : '+'}${Math.abs(altitudeFt).toFixed(2).padStart(9, '0')}`;
  return `${dms(lat, 'N', 'S', 2)},${dms(lon, 'E', 'W', 3)},${alt}`;
}

function runway(node: XmlNode | undefined): string | undefined {
  const number = text(node, 'RunwayNumberFP');
  if (!number) return undefined;
  const designator = DESIGNATORS[(text(node, 'RunwayDesignatorFP') ?? 'NONE').toUpperCase()] ?? '';
  return `${number.padStart(2, '0')}${designator}`;
}

export function readPln(xml: string): FlightPlanFile {
  const format = plnVariant(xml);
  const doc = parseXml(xml, format, ['ATCWaypoint']);
  const fp = child(child(doc, 'SimBase.Document'), 'FlightPlan.FlightPlan');
  if (!fp) throw new PlanFileError(format, 'no <SimBase.Document><FlightPlan.FlightPlan> element');
  const plan: FlightPlanFile = { points: [], procedures: {} };
  const dep = text(fp, 'DepartureID');
  const des = text(fp, 'DestinationID');
  if (dep) plan.departure = dep;
  if (des) plan.destination = des;
  const title = text(fp, 'Title');
  if (title) plan.title = title;
  const rules = text(fp, 'FPType')?.toUpperCase();
  if (rules === 'IFR' || rules === 'VFR') plan.flightRules = rules;
  const cruise = text(fp, 'CruisingAlt');
  if (cruise) plan.cruiseAltitudeFt = num(cruise, format, 'CruisingAlt');
  const proc = plan.procedures;
  const wps = children(fp, 'ATCWaypoint');
  for (const [i, w] of wps.entries()) {
    const icao = child(w, 'ICAO');
    const ident = text(icao, 'ICAOIdent') ?? text(w, '@_id');
    const what = `ATCWaypoint ${i + 1}${ident ? ` (${ident})` : ''}`;
    if (!ident) throw new PlanFileError(format, `${what} has no ICAOIdent nor id`);
    const type = (text(w, 'ATCWaypointType') ?? '').toLowerCase();
    const kind = TYPE_KIND[type];
    if (!kind) throw new PlanFileError(format, `${what} has an unknown ATCWaypointType "${text(w, 'ATCWaypointType') ?? ''}"`);
    const pos = text(w, 'WorldPosition');
    const point: PlanPoint = { ident, kind, lat: NaN, lon: NaN };
    if (pos) Object.assign(point, parseWorldPosition(pos, format, what));
    const region = text(icao, 'ICAORegion');
    if (region) point.region = region;
    const airway = text(w, 'ATCAirway');
    if (airway) point.airway = airway;
    const sid = text(w, 'DepartureFP');
    if (sid) {
      proc.sid ??= sid;
      point.procedure = 'sid';
    }
    const star = text(w, 'ArrivalFP');
    if (star) {
      proc.star ??= star;
      point.procedure = 'star';
      proc.arrivalRunway ??= runway(w);
    }
    if (i === 0 && kind === 'airport') proc.departureRunway ??= runway(w);
    if (i === wps.length - 1 && kind === 'airport') proc.arrivalRunway ??= runway(w);
    plan.points.push(point);
  }
  const depDetails = child(fp, 'DepartureDetails');
  if (depDetails) {
    proc.departureRunway ??= runway(depDetails);
    const sid = text(depDetails, 'DepartureFP');
    if (sid) proc.sid ??= sid;
  }
  const arrDetails = child(fp, 'ArrivalDetails');
  if (arrDetails) {
    proc.arrivalRunway ??= runway(arrDetails);
    const star = text(arrDetails, 'ArrivalFP');
    if (star) proc.star ??= star;
  }
  const appDetails = child(fp, 'ApproachDetails');
  if (appDetails) {
    const type = text(appDetails, 'ApproachTypeFP');
    const rwy = runway(appDetails);
    if (type) proc.approach = `${type}${rwy ? ` ${rwy}` : ''}${text(appDetails, 'SuffixFP') ? ` ${text(appDetails, 'SuffixFP')}` : ''}`;
    proc.arrivalRunway ??= rwy;
  }
  for (const k of Object.keys(proc) as (keyof typeof proc)[]) if (proc[k] === undefined) delete proc[k];
  // FSX/2020 may give the airports' positions only in the header.
  const depLla = text(fp, 'DepartureLLA');
  if (dep && depLla && plan.points[0]?.ident !== dep) plan.points.unshift({ ident: dep, kind: 'airport', ...parseWorldPosition(depLla, format, 'DepartureLLA') });
  const desLla = text(fp, 'DestinationLLA');
  if (des && desLla && plan.points[plan.points.length - 1]?.ident !== des) plan.points.push({ ident: des, kind: 'airport', ...parseWorldPosition(desLla, format, 'DestinationLLA') });
  return plan;
}

export interface WritePlnOptions {
  /** Which simulator to write for: FSX, MSFS 2020 (default) or MSFS 2024. */
  variant?: PlnFormat;
  lineEnding?: '\n' | '\r\n';
}

const APP_VERSION: Record<PlnFormat, [string, string]> = { 'fsx-pln': ['10', '61472'], 'msfs2020-pln': ['11', '282174'], 'msfs2024-pln': ['12', '282174'] };

function runwayFields(rwy: string | undefined, indent: string): string[] {
  if (!rwy) return [];
  const m = /^(?:RW)?(\d{1,2})([LRCW]?)$/i.exec(rwy.trim());
  if (!m) return [];
  const out = [`${indent}<RunwayNumberFP>${Number(m[1])}</RunwayNumberFP>`];
  const d = DESIGNATOR_NAMES[m[2]!.toUpperCase()];
  if (d) out.push(`${indent}<RunwayDesignatorFP>${d}</RunwayDesignatorFP>`);
  return out;
}

/** Write a `.pln` for FSX, MSFS 2020 or MSFS 2024 (UTF-8 with a byte-order mark). */
export function writePln(plan: FlightPlanFile, options: WritePlnOptions = {}): string {
  const variant = options.variant ?? 'msfs2020-pln';
  requirePositions(plan, variant);
  const eol = options.lineEnding ?? '\n';
  const points = plan.points;
  if (points.length < 2) throw new PlanFileError(variant, `a plan needs at least two points to write, it has ${points.length}`);
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const dep = plan.departure ?? first.ident;
  const des = plan.destination ?? last.ident;
  const rules = plan.flightRules ?? (points.some((p) => p.airway) ? 'IFR' : 'VFR');
  const cruise = plan.cruiseAltitudeFt ?? Math.max(0, ...points.map((p) => p.altitudeFt ?? 0));
  const i2 = '        ';
  const i3 = '            ';
  const i4 = '                ';
  const e = escapeXml;
  const [major, build] = APP_VERSION[variant];
  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const proc = plan.procedures;
  const is2024 = variant === 'msfs2024-pln';
  // MSFS 2024 lists no airport points at the ends.
  const listed = is2024 ? points.filter((p, i) => !((i === 0 || i === points.length - 1) && p.kind === 'airport')) : points;
  if (is2024) {
    lines.push('<SimBase.Document>', '    <FlightPlan.FlightPlan>');
    lines.push(`${i2}<DepartureID>${e(dep)}</DepartureID>`, `${i2}<DestinationID>${e(des)}</DestinationID>`);
    lines.push(`${i2}<Title>${e(plan.title ?? `${dep} - ${des}`)}</Title>`, `${i2}<Descr>${e(`${dep} to ${des} created by Clearway`)}</Descr>`);
    lines.push(`${i2}<FPType>${rules}</FPType>`, `${i2}<CruisingAlt>${fixed(cruise, 3)}</CruisingAlt>`);
    lines.push(`${i2}<AppVersion>`, `${i3}<AppVersionMajor>${major}</AppVersionMajor>`, `${i3}<AppVersionBuild>${build}</AppVersionBuild>`, `${i2}</AppVersion>`);
    if (proc.departureRunway || proc.sid) {
      lines.push(`${i2}<DepartureDetails>`, ...runwayFields(proc.departureRunway, i3));
      if (proc.sid) lines.push(`${i3}<DepartureFP>${e(proc.sid)}</DepartureFP>`);
      lines.push(`${i2}</DepartureDetails>`);
    }
  } else {
    lines.push('<SimBase.Document Type="AceXML" version="1,0">', '    <Descr>AceXML Document</Descr>', '    <FlightPlan.FlightPlan>');
    lines.push(`${i2}<Title>${e(plan.title ?? `${dep} to ${des}`)}</Title>`, `${i2}<FPType>${rules}</FPType>`);
    lines.push(`${i2}<RouteType>${rules === 'IFR' ? 'HighAlt' : 'Direct'}</RouteType>`, `${i2}<CruisingAlt>${fixed(cruise, 3)}</CruisingAlt>`);
    lines.push(`${i2}<DepartureID>${e(dep)}</DepartureID>`, `${i2}<DepartureLLA>${formatWorldPosition(first.lat, first.lon, first.altitudeFt)}</DepartureLLA>`);
    lines.push(`${i2}<DestinationID>${e(des)}</DestinationID>`, `${i2}<DestinationLLA>${formatWorldPosition(last.lat, last.lon, last.altitudeFt)}</DestinationLLA>`);
    lines.push(`${i2}<Descr>${e(`${dep}, ${des} created by Clearway`)}</Descr>`);
    lines.push(`${i2}<AppVersion>`, `${i3}<AppVersionMajor>${major}</AppVersionMajor>`, `${i3}<AppVersionBuild>${build}</AppVersionBuild>`, `${i2}</AppVersion>`);
  }
  for (const [i, p] of listed.entries()) {
    const ident = p.kind === 'user' ? plainIdent(p.ident, 10) : p.ident;
    lines.push(is2024 && p.kind !== 'user' ? `${i2}<ATCWaypoint>` : `${i2}<ATCWaypoint id="${e(ident)}">`);
    lines.push(`${i3}<ATCWaypointType>${KIND_TYPE[p.kind]}</ATCWaypointType>`);
    lines.push(`${i3}<WorldPosition>${formatWorldPosition(p.lat, p.lon, p.altitudeFt)}</WorldPosition>`);
    if (p.airway) lines.push(`${i3}<ATCAirway>${e(p.airway)}</ATCAirway>`);
    if (!is2024) {
      if (p.procedure === 'sid' && proc.sid) lines.push(`${i3}<DepartureFP>${e(proc.sid)}</DepartureFP>`);
      if (p.procedure === 'star' && proc.star) lines.push(`${i3}<ArrivalFP>${e(proc.star)}</ArrivalFP>`, ...runwayFields(proc.arrivalRunway, i3));
      if (i === 0 && p.kind === 'airport') lines.push(...runwayFields(proc.departureRunway, i3));
      if (i === listed.length - 1 && p.kind === 'airport' && !points.some((q) => q.procedure === 'star')) lines.push(...runwayFields(proc.arrivalRunway, i3));
    }
    lines.push(`${i3}<ICAO>`);
    if (p.region && p.kind !== 'user') lines.push(`${i4}<ICAORegion>${e(p.region)}</ICAORegion>`);
    lines.push(`${i4}<ICAOIdent>${e(ident)}</ICAOIdent>`, `${i3}</ICAO>`, `${i2}</ATCWaypoint>`);
  }
  if (is2024 && (proc.star || proc.arrivalRunway)) {
    lines.push(`${i2}<ArrivalDetails>`, ...runwayFields(proc.arrivalRunway, i3));
    if (proc.star) lines.push(`${i3}<ArrivalFP>${e(proc.star)}</ArrivalFP>`);
    lines.push(`${i2}</ArrivalDetails>`);
  }
  lines.push('    </FlightPlan.FlightPlan>', '</SimBase.Document>');
  return '\uFEFF' + lines.join(eol) + eol;
}
