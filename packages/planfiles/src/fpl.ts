/**
 * Garmin flight plans (`.fpl`, FlightPlan v1 XML, namespace http://www8.garmin.com/xmlschemas/FlightPlan/v1):
 * read by Garmin panels (G1000, GTN), Garmin Pilot, SkyVector, SimBrief. A waypoint table (each point
 * once: identifier, type, country code, lat, lon) and a route of route points naming table entries.
 * Types: AIRPORT, VOR, NDB, INT, USER WAYPOINT (INT-VRP read as INT). The format has no airways nor
 * procedures.
 */
import { escapeXml, checkLatLon, children, child, num, parseXml, text } from './xml.js';
import { fixed, plainIdent, PlanFileError, requirePositions, type FlightPlanFile, type PlanPoint, type PlanPointKind } from './model.js';

export const GARMIN_FPL_NAMESPACE = 'http://www8.garmin.com/xmlschemas/FlightPlan/v1';

const KIND_TYPE: Record<PlanPointKind, string> = { airport: 'AIRPORT', vor: 'VOR', ndb: 'NDB', fix: 'INT', user: 'USER WAYPOINT' };
const TYPE_KIND: Record<string, PlanPointKind> = { AIRPORT: 'airport', VOR: 'vor', NDB: 'ndb', INT: 'fix', 'INT-VRP': 'fix', 'USER WAYPOINT': 'user' };

export interface WriteFplOptions {
  /** The `created` time stamp, ISO 8601 (UTC, whole seconds); now when absent. */
  created?: string;
  lineEnding?: '\n' | '\r\n';
}

export function readFpl(xml: string): FlightPlanFile {
  const doc = parseXml(xml, 'garmin-fpl', ['waypoint', 'route-point']);
  const root = child(doc, 'flight-plan');
  if (!root) throw new PlanFileError('garmin-fpl', 'no <flight-plan> root element');
  const table = new Map<string, PlanPoint>();
  for (const [i, w] of children(child(root, 'waypoint-table'), 'waypoint').entries()) {
    const ident = text(w, 'identifier');
    if (!ident) throw new PlanFileError('garmin-fpl', `waypoint ${i + 1} of the waypoint table has no identifier`);
    const type = (text(w, 'type') ?? '').toUpperCase();
    const kind = TYPE_KIND[type];
    if (!kind) throw new PlanFileError('garmin-fpl', `waypoint ${ident} has an unknown type "${type}"`);
    const lat = num(text(w, 'lat'), 'garmin-fpl', `lat of ${ident}`);
    const lon = num(text(w, 'lon'), 'garmin-fpl', `lon of ${ident}`);
    checkLatLon(lat, lon, 'garmin-fpl', ident);
    const point: PlanPoint = { ident, kind, lat, lon };
    const region = text(w, 'country-code');
    if (region) point.region = region;
    const comment = text(w, 'comment');
    if (comment) point.name = comment;
    table.set(key(ident, type, region), point);
  }
  const route = child(root, 'route');
  if (!route) throw new PlanFileError('garmin-fpl', 'no <route> element');
  const points: PlanPoint[] = [];
  for (const [i, rp] of children(route, 'route-point').entries()) {
    const ident = text(rp, 'waypoint-identifier') ?? '';
    const type = (text(rp, 'waypoint-type') ?? '').toUpperCase();
    const region = text(rp, 'waypoint-country-code');
    const found = table.get(key(ident, type, region)) ?? [...table.values()].find((p) => p.ident === ident);
    if (!found) throw new PlanFileError('garmin-fpl', `route point ${i + 1} (${ident} ${type}) is not in the waypoint table`);
    points.push({ ...found });
  }
  const plan: FlightPlanFile = { points, procedures: {} };
  const title = text(route, 'route-name');
  if (title) plan.title = title;
  if (points[0]?.kind === 'airport') plan.departure = points[0].ident;
  const last = points[points.length - 1];
  if (points.length > 1 && last?.kind === 'airport') plan.destination = last.ident;
  return plan;
}

function key(ident: string, type: string, region: string | undefined): string {
  return `${ident}|${type}|${region ?? ''}`;
}

/** Write a plan as a Garmin `.fpl`; user points get identifiers of at most 6 letters and digits. */
export function writeFpl(plan: FlightPlanFile, options: WriteFplOptions = {}): string {
  requirePositions(plan, 'garmin-fpl');
  const eol = options.lineEnding ?? '\n';
  const created = options.created ?? new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  // Garmin identifiers: upper-case letters and digits; user waypoints named uniquely.
  const used = new Set<string>();
  const entries: { ident: string; type: string; region: string; point: PlanPoint }[] = [];
  const table = new Map<string, number>();
  const routeRefs: number[] = [];
  for (const p of plan.points) {
    const type = KIND_TYPE[p.kind];
    let ident = p.kind === 'user' ? plainIdent(p.ident, 6) : p.ident.toUpperCase();
    const region = p.kind === 'user' ? '' : (p.region ?? '');
    const k = `${ident}|${type}|${region}|${fixed(p.lat, 6)}|${fixed(p.lon, 6)}`;
    let index = table.get(k);
    if (index === undefined) {
      if (p.kind === 'user') {
        let n = 1;
        const base = ident;
        while (used.has(`${ident}|${type}`)) ident = `${base.slice(0, 6 - String(n).length)}${n++}`;
      }
      used.add(`${ident}|${type}`);
      index = entries.length;
      entries.push({ ident, type, region, point: p });
      table.set(k, index);
    }
    routeRefs.push(index);
  }
  const el = (indent: number, name: string, value: string) => (value === '' ? `${' '.repeat(indent)}<${name} />` : `${' '.repeat(indent)}<${name}>${escapeXml(value)}</${name}>`);
  const lines = ['<?xml version="1.0" encoding="utf-8"?>', `<flight-plan xmlns="${GARMIN_FPL_NAMESPACE}">`, el(2, 'created', created), '  <waypoint-table>'];
  for (const e of entries) {
    lines.push('    <waypoint>', el(6, 'identifier', e.ident), el(6, 'type', e.type), el(6, 'country-code', e.region));
    lines.push(el(6, 'lat', fixed(e.point.lat, 6)), el(6, 'lon', fixed(e.point.lon, 6)), el(6, 'comment', e.point.kind === 'user' ? '' : (e.point.name ?? '')), '    </waypoint>');
  }
  lines.push('  </waypoint-table>', '  <route>');
  const first = plan.points[0]!;
  const last = plan.points[plan.points.length - 1]!;
  lines.push(el(4, 'route-name', plan.title ?? `${first.ident} ${last.ident}`.toUpperCase()), el(4, 'flight-plan-index', '1'));
  for (const index of routeRefs) {
    const e = entries[index]!;
    lines.push('    <route-point>', el(6, 'waypoint-identifier', e.ident), el(6, 'waypoint-type', e.type), el(6, 'waypoint-country-code', e.region), '    </route-point>');
  }
  lines.push('  </route>', '</flight-plan>');
  return lines.join(eol) + eol;
}
