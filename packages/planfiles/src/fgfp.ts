/**
 * FlightGear route manager plans (`.fgfp`, a PropertyList, version 2): `departure/airport` (and
 * `runway`, `sid`, `transition`), `destination/airport` (and `runway`, `star`, `approach`), and `route/wp`
 * elements with `type` (navaid for named points, basic for lat/lon points, runway), `ident`, `lat`,
 * `lon`, `altitude-ft`, `alt-restrict`, and `airway` where the point is reached by one. FlightGear
 * does not say whether a navaid is a VOR, an NDB or a fix: they are read as fixes (or the airport at
 * the ends) and resolvePlan gives them their kind from the nav database.
 */
import { checkLatLon, child, children, escapeXml, num, parseXml, text } from './xml.js';
import { fixed, PlanFileError, requirePositions, type FlightPlanFile, type PlanPoint } from './model.js';

export function readFgfp(xml: string): FlightPlanFile {
  const doc = parseXml(xml, 'fgfp', ['wp']);
  const root = child(doc, 'PropertyList');
  if (!root) throw new PlanFileError('fgfp', 'no <PropertyList> root element');
  const version = text(root, 'version');
  if (version !== undefined && version !== '2') throw new PlanFileError('fgfp', `version ${version} is not supported (2 is read)`);
  const dep = child(root, 'departure');
  const des = child(root, 'destination');
  const plan: FlightPlanFile = { points: [], procedures: {} };
  const depAirport = text(dep, 'airport');
  const desAirport = text(des, 'airport');
  if (depAirport) plan.departure = depAirport;
  if (desAirport) plan.destination = desAirport;
  const p = plan.procedures;
  const set = (k: keyof typeof p, v: string | undefined) => {
    if (v) p[k] = v;
  };
  set('departureRunway', text(dep, 'runway'));
  set('sid', text(dep, 'sid'));
  set('sidTransition', text(dep, 'transition'));
  set('arrivalRunway', text(des, 'runway'));
  set('star', text(des, 'star'));
  set('starTransition', text(des, 'transition'));
  set('approach', text(des, 'approach'));
  const wps = children(child(root, 'route'), 'wp');
  for (const [i, w] of wps.entries()) {
    const ident = text(w, 'ident');
    if (!ident) throw new PlanFileError('fgfp', `wp ${i} has no ident`);
    const lat = num(text(w, 'lat'), 'fgfp', `lat of ${ident}`);
    const lon = num(text(w, 'lon'), 'fgfp', `lon of ${ident}`);
    checkLatLon(lat, lon, 'fgfp', ident);
    const type = text(w, 'type') ?? 'basic';
    const isAirport = (i === 0 && (text(w, 'departure') === 'true' || ident === depAirport)) || (i === wps.length - 1 && (text(w, 'approach') === 'true' || ident === desAirport));
    const point: PlanPoint = { ident, kind: isAirport ? 'airport' : type === 'navaid' ? 'fix' : 'user', lat, lon };
    if (point.kind === 'fix') point.kindGuessed = true;
    const alt = text(w, 'altitude-ft');
    if (alt !== undefined) point.altitudeFt = num(alt, 'fgfp', `altitude-ft of ${ident}`);
    const airway = text(w, 'airway');
    if (airway) point.airway = airway;
    plan.points.push(point);
  }
  return plan;
}

export function writeFgfp(plan: FlightPlanFile, options: { lineEnding?: '\n' | '\r\n' } = {}): string {
  requirePositions(plan, 'fgfp');
  const eol = options.lineEnding ?? '\n';
  const e = escapeXml;
  const pts = plan.points;
  const first = pts[0];
  const last = pts[pts.length - 1];
  const dep = plan.departure ?? (first?.kind === 'airport' ? first.ident : undefined);
  const des = plan.destination ?? (last?.kind === 'airport' ? last.ident : undefined);
  const s = (indent: number, name: string, value: string, type = 'string') => `${' '.repeat(indent)}<${name} type="${type}">${e(value)}</${name}>`;
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<PropertyList>', s(2, 'version', '2', 'int'), s(2, 'source', 'Created by Clearway')];
  const p = plan.procedures;
  if (dep) {
    lines.push('  <departure>', s(4, 'airport', dep));
    if (p.departureRunway) lines.push(s(4, 'runway', p.departureRunway.replace(/^RW/i, '')));
    if (p.sid) lines.push(s(4, 'sid', p.sid));
    if (p.sidTransition) lines.push(s(4, 'transition', p.sidTransition));
    lines.push('  </departure>');
  }
  if (des) {
    lines.push('  <destination>', s(4, 'airport', des));
    if (p.arrivalRunway) lines.push(s(4, 'runway', p.arrivalRunway.replace(/^RW/i, '')));
    if (p.star) lines.push(s(4, 'star', p.star));
    if (p.starTransition) lines.push(s(4, 'transition', p.starTransition));
    if (p.approach) lines.push(s(4, 'approach', p.approach));
    lines.push('  </destination>');
  }
  lines.push('  <route>');
  pts.forEach((w, i) => {
    lines.push(`    <wp n="${i}">`);
    if (i === 0 && w.kind === 'airport') lines.push(s(6, 'departure', 'true', 'bool'));
    if (i === pts.length - 1 && i > 0 && w.kind === 'airport') lines.push(s(6, 'approach', 'true', 'bool'));
    lines.push(s(6, 'type', w.kind === 'user' ? 'basic' : 'navaid'));
    if (w.altitudeFt !== undefined && i > 0 && i < pts.length - 1) {
      lines.push(s(6, 'alt-restrict', 'at'), s(6, 'altitude-ft', String(Math.round(w.altitudeFt)), 'double'));
    }
    if (w.airway) lines.push(s(6, 'airway', w.airway));
    lines.push(s(6, 'ident', w.ident), s(6, 'lon', fixed(w.lon, 8), 'double'), s(6, 'lat', fixed(w.lat, 8), 'double'), '    </wp>');
  });
  lines.push('  </route>', '</PropertyList>');
  return lines.join(eol) + eol;
}
