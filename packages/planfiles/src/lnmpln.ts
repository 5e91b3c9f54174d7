/**
 * Little Navmap plans (`.lnmpln`, its own XML, schema https://www.littlenavmap.org/schema/lnmpln.xsd):
 * `LittleNavmap/Flightplan` with a `Header` (FlightplanType, CruisingAsl), `SimData`/`NavData`
 * (Cycle attribute), `Procedures` (SID, STAR, Approach elements with Name, Runway, Transition
 * attributes) and `Waypoints/Waypoint` (Name, Ident, Region, Airway, Type AIRPORT/VOR/NDB/WAYPOINT/USER,
 * Pos with Lon, Lat, Alt attributes).
 */
import { attr, checkLatLon, child, children, escapeXml, num, parseXml, text } from './xml.js';
import { fixed, PlanFileError, requirePositions, type FlightPlanFile, type PlanPoint, type PlanPointKind } from './model.js';

const TYPE_KIND: Record<string, PlanPointKind> = { AIRPORT: 'airport', VOR: 'vor', NDB: 'ndb', WAYPOINT: 'fix', USER: 'user' };
const KIND_TYPE: Record<PlanPointKind, string> = { airport: 'AIRPORT', vor: 'VOR', ndb: 'NDB', fix: 'WAYPOINT', user: 'USER' };

export function readLnmpln(xml: string): FlightPlanFile {
  const doc = parseXml(xml, 'lnmpln', ['Waypoint']);
  const fp = child(child(doc, 'LittleNavmap'), 'Flightplan');
  if (!fp) throw new PlanFileError('lnmpln', 'no <LittleNavmap><Flightplan> element');
  const plan: FlightPlanFile = { points: [], procedures: {} };
  const header = child(fp, 'Header');
  const rules = text(header, 'FlightplanType')?.toUpperCase();
  if (rules === 'IFR' || rules === 'VFR') plan.flightRules = rules;
  const cruise = text(header, 'CruisingAsl');
  if (cruise) plan.cruiseAltitudeFt = num(cruise, 'lnmpln', 'CruisingAsl');
  const cycle = attr(child(fp, 'NavData'), 'Cycle') ?? attr(child(fp, 'SimData'), 'Cycle');
  if (cycle) plan.navCycle = cycle;
  for (const [i, w] of children(child(fp, 'Waypoints'), 'Waypoint').entries()) {
    const ident = text(w, 'Ident');
    if (!ident) throw new PlanFileError('lnmpln', `Waypoint ${i + 1} has no Ident`);
    const type = (text(w, 'Type') ?? '').toUpperCase();
    const kind = TYPE_KIND[type];
    if (!kind) throw new PlanFileError('lnmpln', `Waypoint ${i + 1} (${ident}) has an unknown Type "${type}"`);
    const pos = child(w, 'Pos');
    if (!pos) throw new PlanFileError('lnmpln', `Waypoint ${i + 1} (${ident}) has no Pos`);
    const lat = num(attr(pos, 'Lat'), 'lnmpln', `Lat of ${ident}`);
    const lon = num(attr(pos, 'Lon'), 'lnmpln', `Lon of ${ident}`);
    checkLatLon(lat, lon, 'lnmpln', ident);
    const point: PlanPoint = { ident, kind, lat, lon };
    const alt = attr(pos, 'Alt');
    if (alt !== undefined) point.altitudeFt = num(alt, 'lnmpln', `Alt of ${ident}`);
    const region = text(w, 'Region');
    if (region) point.region = region;
    const name = text(w, 'Name');
    if (name) point.name = name;
    const airway = text(w, 'Airway');
    if (airway) point.airway = airway;
    plan.points.push(point);
  }
  const procs = child(fp, 'Procedures');
  const sid = child(procs, 'SID');
  const star = child(procs, 'STAR');
  const app = child(procs, 'Approach');
  const p = plan.procedures;
  if (sid) {
    if (attr(sid, 'Name')) p.sid = attr(sid, 'Name');
    if (attr(sid, 'Runway')) p.departureRunway = attr(sid, 'Runway');
    if (attr(sid, 'Transition')) p.sidTransition = attr(sid, 'Transition');
  }
  if (star) {
    if (attr(star, 'Name')) p.star = attr(star, 'Name');
    if (attr(star, 'Runway')) p.arrivalRunway = attr(star, 'Runway');
    if (attr(star, 'Transition')) p.starTransition = attr(star, 'Transition');
  }
  if (app) {
    const name = attr(app, 'ARINC') ?? attr(app, 'Name');
    if (name) p.approach = name;
    if (attr(app, 'Runway')) p.arrivalRunway = attr(app, 'Runway');
    if (attr(app, 'Transition')) p.approachTransition = attr(app, 'Transition');
  }
  const first = plan.points[0];
  const last = plan.points[plan.points.length - 1];
  if (first?.kind === 'airport') plan.departure = first.ident;
  if (plan.points.length > 1 && last?.kind === 'airport') plan.destination = last.ident;
  return plan;
}

export interface WriteLnmplnOptions {
  /** Creation time written in the header, ISO 8601; now when absent. */
  created?: string;
  lineEnding?: '\n' | '\r\n';
}

export function writeLnmpln(plan: FlightPlanFile, options: WriteLnmplnOptions = {}): string {
  requirePositions(plan, 'lnmpln');
  const eol = options.lineEnding ?? '\n';
  const e = escapeXml;
  const created = options.created ?? new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const rules = plan.flightRules ?? (plan.points.some((p) => p.airway) ? 'IFR' : 'VFR');
  const cruise = plan.cruiseAltitudeFt ?? Math.max(0, ...plan.points.map((p) => p.altitudeFt ?? 0));
  const pos = (lat: number, lon: number, alt = 0) => `<Pos Lon="${fixed(lon, 6)}" Lat="${fixed(lat, 6)}" Alt="${fixed(alt, 2)}"/>`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<LittleNavmap xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="https://www.littlenavmap.org/schema/lnmpln.xsd">',
    '  <Flightplan>',
    '    <Header>',
    `      <FlightplanType>${rules}</FlightplanType>`,
    `      <CruisingAsl>${fixed(cruise, 2)}</CruisingAsl>`,
    `      <CreationDate>${e(created)}</CreationDate>`,
    '      <FileVersion>1.2</FileVersion>',
    '      <ProgramName>Clearway</ProgramName>',
    '      <Documentation>https://www.littlenavmap.org/lnmpln.html</Documentation>',
    '    </Header>',
  ];
  if (plan.navCycle) lines.push(`    <NavData Cycle="${e(plan.navCycle)}">NAVIGRAPH</NavData>`);
  const p = plan.procedures;
  if (p.sid || p.star || p.approach) {
    lines.push('    <Procedures>');
    const a = (name: string, v: string | undefined) => (v ? ` ${name}="${e(v)}"` : '');
    if (p.sid) lines.push(`      <SID${a('Name', p.sid)}${a('Runway', p.departureRunway)}${a('Transition', p.sidTransition)}/>`);
    if (p.star) lines.push(`      <STAR${a('Name', p.star)}${a('Runway', p.arrivalRunway)}${a('Transition', p.starTransition)}/>`);
    if (p.approach) lines.push(`      <Approach${a('ARINC', p.approach)}${a('Runway', p.arrivalRunway)}${a('Transition', p.approachTransition)}/>`);
    lines.push('    </Procedures>');
  }
  lines.push('    <Waypoints>');
  for (const w of plan.points) {
    lines.push('      <Waypoint>');
    if (w.name) lines.push(`        <Name>${e(w.name)}</Name>`);
    lines.push(`        <Ident>${e(w.ident)}</Ident>`);
    if (w.region) lines.push(`        <Region>${e(w.region)}</Region>`);
    if (w.airway) lines.push(`        <Airway>${e(w.airway)}</Airway>`);
    lines.push(`        <Type>${KIND_TYPE[w.kind]}</Type>`, `        ${pos(w.lat, w.lon, w.altitudeFt)}`, '      </Waypoint>');
  }
  lines.push('    </Waypoints>', '  </Flightplan>', '</LittleNavmap>');
  return lines.join(eol) + eol;
}
