import type { NavDb } from '@clearway/navdb';
import type { FlyPoint } from './flyer.js';

const AIRWAY_SHAPE = /^[VJTQ]\d{1,4}$/;

/**
 * A route's text ("KHWD OSI V25 SNS KSNS") as the points to fly, from a nav database: each point by
 * its ident (the one nearest the point before it when several share it), an airway between two
 * points as its points in between (in either direction). Procedures, lat/lon tokens and altitude
 * suffixes are not read: pass --points for those. An airway the database does not have (V25 in the
 * shared excerpts) is flown direct between its two points, said through `onNote`.
 * @throws Error naming the token that could not be resolved.
 */
export function resolveRoutePoints(text: string, db: NavDb, onNote: (note: string) => void = () => {}): FlyPoint[] {
  const tokens = text.trim().toUpperCase().split(/\s+/).filter((t) => t !== '');
  const points: FlyPoint[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const previous = points.at(-1);
    const airway = i > 0 && i < tokens.length - 1 ? db.airway(token) : null;
    if (airway !== null && previous !== undefined) {
      const exit = tokens[i + 1]!;
      const along = airway.points;
      const from = along.findIndex((p) => p.ident === previous.id);
      const to = along.findIndex((p) => p.ident === exit);
      if (from < 0 || to < 0) throw new Error(`route token ${i + 1} "${token}": the airway does not join ${previous.id} and ${exit}`);
      const step = to > from ? 1 : -1;
      for (let k = from + step; k !== to; k += step) {
        const p = along[k]!;
        if (p.latDeg === null || p.lonDeg === null) throw new Error(`route token ${i + 1} "${token}": airway point ${p.ident} has no position`);
        points.push({ id: p.ident, lat: p.latDeg, lon: p.lonDeg });
      }
      continue;
    }
    if (airway === null && previous !== undefined && i < tokens.length - 1 && AIRWAY_SHAPE.test(token) && db.getWaypoint(token) === null) {
      onNote(`${token} is not in the nav database: flying direct from ${previous.id} to ${tokens[i + 1]}`);
      continue;
    }
    const match = db.getWaypoint(token, previous === undefined ? null : { latDeg: previous.lat, lonDeg: previous.lon });
    if (match === null) throw new Error(`route token ${i + 1} "${token}" is not a point of the nav database (airports, navaids, fixes) nor an airway between two points`);
    points.push({ id: match.code, lat: match.latDeg, lon: match.lonDeg });
  }
  if (points.length < 2) throw new Error(`the route "${text}" has ${points.length} point(s); at least two are needed`);
  return points;
}

/** `--points "37.66,-122.12 36.66,-121.61"`: lat,lon pairs separated by spaces. */
export function parsePoints(text: string): FlyPoint[] {
  const pairs = text.trim().split(/\s+/).filter((t) => t !== '');
  const points = pairs.map((pair, i) => {
    const m = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(pair);
    const lat = Number(m?.[1]);
    const lon = Number(m?.[2]);
    if (m === null || Math.abs(lat) > 90 || Math.abs(lon) > 180) throw new Error(`--points: "${pair}" (point ${i + 1}) is not lat,lon in degrees, such as 37.6589,-122.1218`);
    return { id: `P${i + 1}`, lat, lon };
  });
  if (points.length < 2) throw new Error(`--points needs at least two points (got ${points.length})`);
  return points;
}
