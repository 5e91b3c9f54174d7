import { describe, expect, it } from 'vitest';
import type { Airway, NavDb, WaypointMatch } from '@clearway/navdb';
import { parsePoints, resolveRoutePoints } from './route.js';

const point = (code: string, latDeg: number, lonDeg: number): WaypointMatch => ({ code, kind: 'NAVAID', name: code, latDeg, lonDeg, elevationFt: null, magVarDeg: null, ambiguous: false }) as WaypointMatch;
const POINTS = [point('KHWD', 37.6589, -122.1218), point('OSI', 37.3925, -122.2813), point('SNS', 36.6638, -121.6032), point('KSNS', 36.6628, -121.6064)];
const V999 = { id: 'V999', kind: 'victor', points: [['OSI', 37.3925, -122.2813], ['MID', 37.0, -122.0], ['SNS', 36.6638, -121.6032]].map(([ident, latDeg, lonDeg]) => ({ ident, kind: 'navaid', latDeg, lonDeg, meaFt: null, gapAfter: false })) } as unknown as Airway;

/** The two lookups the resolver makes, over a handful of points and one airway. */
const db = {
  getWaypoint: (code: string) => POINTS.find((p) => p.code === code) ?? null,
  airway: (id: string) => (id === 'V999' ? V999 : null),
} as unknown as NavDb;

describe('the flyer\'s route', () => {
  it('expands an airway between its two points, in either direction', () => {
    expect(resolveRoutePoints('KHWD OSI V999 SNS KSNS', db).map((p) => p.id)).toEqual(['KHWD', 'OSI', 'MID', 'SNS', 'KSNS']);
    expect(resolveRoutePoints('ksns sns v999 osi khwd', db).map((p) => p.id)).toEqual(['KSNS', 'SNS', 'MID', 'OSI', 'KHWD']);
  });

  it('flies direct over an airway the database lacks, and says so', () => {
    const notes: string[] = [];
    expect(resolveRoutePoints('KHWD OSI V25 SNS KSNS', db, (n) => notes.push(n)).map((p) => p.id)).toEqual(['KHWD', 'OSI', 'SNS', 'KSNS']);
    expect(notes).toEqual(['V25 is not in the nav database: flying direct from OSI to SNS']);
  });

  it('names what it cannot resolve', () => {
    expect(() => resolveRoutePoints('KHWD NOPE KSNS', db)).toThrow('route token 2 "NOPE" is not a point of the nav database');
    expect(() => resolveRoutePoints('KHWD V999 KSNS', db)).toThrow('route token 2 "V999": the airway does not join KHWD and KSNS');
    expect(() => resolveRoutePoints('KHWD', db)).toThrow('has 1 point(s)');
  });

  it('reads --points', () => {
    expect(parsePoints('37.6589,-122.1218 36.6628,-121.6064')).toEqual([{ id: 'P1', lat: 37.6589, lon: -122.1218 }, { id: 'P2', lat: 36.6628, lon: -121.6064 }]);
    expect(() => parsePoints('37.6,-122.1 95,10')).toThrow('"95,10" (point 2) is not lat,lon');
  });
});
