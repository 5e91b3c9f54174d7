/**
 * GPX 1.1 (namespace http://www.topografix.com/GPX/1/1): a route (`rte/rtept`) is read as the plan;
 * without one, a track (`trk/trkseg/trkpt`) is read as user points, thinned to at most `maxTrackPoints`
 * (evenly, the ends kept). Points carry `lat`/`lon` attributes, `name`, `ele` (metres) and `type`
 * where the writer gave one. Written as a route; `ele` in metres from the plan's feet.
 */
import { attr, checkLatLon, child, children, escapeXml, num, parseXml, text, type XmlNode } from './xml.js';
import { fixed, PlanFileError, requirePositions, type FlightPlanFile, type PlanPoint, type PlanPointKind } from './model.js';

export const GPX_NAMESPACE = 'http://www.topografix.com/GPX/1/1';
const FT_PER_M = 1 / 0.3048;

const TYPE_KIND: Record<string, PlanPointKind> = { AIRPORT: 'airport', VOR: 'vor', NDB: 'ndb', FIX: 'fix', INT: 'fix', WAYPOINT: 'fix', USER: 'user' };
const KIND_TYPE: Record<PlanPointKind, string> = { airport: 'AIRPORT', vor: 'VOR', ndb: 'NDB', fix: 'FIX', user: 'USER' };

export interface ReadGpxOptions {
  /** A track is thinned to this many points (default 500). */
  maxTrackPoints?: number;
}

function point(node: XmlNode, index: number, what: string, named: boolean): PlanPoint {
  const lat = num(attr(node, 'lat'), 'gpx', `lat of ${what} ${index + 1}`);
  const lon = num(attr(node, 'lon'), 'gpx', `lon of ${what} ${index + 1}`);
  checkLatLon(lat, lon, 'gpx', `${what} ${index + 1}`);
  const name = text(node, 'name');
  const type = text(node, 'type')?.toUpperCase();
  const kind: PlanPointKind = (type && TYPE_KIND[type]) || (named && name && /^[A-Z0-9]{2,5}$/.test(name) ? 'fix' : 'user');
  const p: PlanPoint = { ident: name ?? `WP${index + 1}`, kind, lat, lon };
  // A name without a type: a guess the nav database settles (resolvePlan).
  if (!(type && TYPE_KIND[type]) && kind === 'fix') p.kindGuessed = true;
  const ele = text(node, 'ele');
  if (ele !== undefined) p.altitudeFt = num(ele, 'gpx', `ele of ${what} ${index + 1}`) * FT_PER_M;
  return p;
}

export function readGpx(xml: string, options: ReadGpxOptions = {}): FlightPlanFile {
  const doc = parseXml(xml, 'gpx', ['rte', 'rtept', 'trk', 'trkseg', 'trkpt', 'wpt']);
  const root = child(doc, 'gpx');
  if (!root) throw new PlanFileError('gpx', 'no <gpx> root element');
  const plan: FlightPlanFile = { points: [], procedures: {} };
  const rte = children(root, 'rte')[0];
  if (rte && children(rte, 'rtept').length > 0) {
    plan.points = children(rte, 'rtept').map((n, i) => point(n, i, 'rtept', true));
    const name = text(rte, 'name');
    if (name) plan.title = name;
  } else {
    const trkpts = children(root, 'trk').flatMap((t) => children(t, 'trkseg').flatMap((s) => children(s, 'trkpt')));
    if (trkpts.length === 0) throw new PlanFileError('gpx', 'the file has neither a route (rte/rtept) nor a track (trk/trkseg/trkpt)');
    const max = Math.max(2, options.maxTrackPoints ?? 500);
    const picked = trkpts.length <= max ? trkpts.map((_, i) => i) : Array.from({ length: max }, (_, k) => Math.round((k * (trkpts.length - 1)) / (max - 1)));
    plan.points = picked.map((i) => ({ ...point(trkpts[i]!, i, 'trkpt', false), kind: 'user' as const, ident: `TRK${i + 1}` }));
    const name = text(children(root, 'trk')[0], 'name');
    if (name) plan.title = name;
  }
  const first = plan.points[0];
  const last = plan.points[plan.points.length - 1];
  if (first?.kind === 'airport') plan.departure = first.ident;
  if (plan.points.length > 1 && last?.kind === 'airport') plan.destination = last.ident;
  return plan;
}

export function writeGpx(plan: FlightPlanFile, options: { lineEnding?: '\n' | '\r\n' } = {}): string {
  requirePositions(plan, 'gpx');
  const eol = options.lineEnding ?? '\n';
  const e = escapeXml;
  const first = plan.points[0];
  const last = plan.points[plan.points.length - 1];
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<gpx version="1.1" creator="Clearway" xmlns="${GPX_NAMESPACE}">`,
    '  <rte>',
    `    <name>${e(plan.title ?? `${first?.ident ?? ''} ${last?.ident ?? ''}`.trim())}</name>`,
  ];
  for (const p of plan.points) {
    lines.push(`    <rtept lat="${fixed(p.lat, 7)}" lon="${fixed(p.lon, 7)}">`);
    if (p.altitudeFt !== undefined) lines.push(`      <ele>${fixed(p.altitudeFt / FT_PER_M, 2)}</ele>`);
    lines.push(`      <name>${e(p.ident)}</name>`, `      <type>${KIND_TYPE[p.kind]}</type>`, '    </rtept>');
  }
  lines.push('  </rte>', '</gpx>');
  return lines.join(eol) + eol;
}
