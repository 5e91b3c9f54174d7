import { encodeNavDb, openNavDb, type Airport, type Navaid } from '@clearway/navdb';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, type Waypoint } from '../model.js';
import { addWaypoint2, addWaypointBeginning, addWaypointEnd } from '../edit/edits.js';
import { parseRoute } from './parseRoute.js';
import { testNavDataSet } from '../testing/testNavData.js';

/*
 * An ident that is both an airport (its FAA id) and a navaid in one place: a route string names
 * airports at its ends and navaids and fixes between them (an airport in the middle is written
 * with its ICAO code), so the origin and destination take the airport and a point between them the
 * navaid. The sample database has Oakland airport (FAA id OAK) 0.3 nm from the OAK VORTAC; LXA
 * here is an airport with a navaid of its id 14 nm away (as LAX: the airport, and a navaid of that
 * id south-east of it, nearer a route coming from the east), and FAR a navaid 60 nm from the
 * airport of its id, a different place.
 */

const data = testNavDataSet();
const oakland = data.airports.find((a) => a.id === 'OAK')!;
const oakVortac = data.navaids.find((n) => n.id === 'OAK')!;
const airport = (id: string, latDeg: number, lonDeg: number): Airport => ({ ...oakland, id, faaId: id, icaoId: `K${id}`, name: `${id} AIRPORT`, latDeg, lonDeg, runways: [] });
const navaid = (id: string, latDeg: number, lonDeg: number): Navaid => ({ ...oakVortac, id, name: `${id} VOR`, latDeg, lonDeg });
data.airports.push(airport('LXA', 36, -119), airport('FAR', 36, -117));
data.navaids.push(navaid('LXA', 35.8, -118.8), navaid('FAR', 37, -117));
const db = openNavDb(encodeNavDb(data));
const parse = (text: string) => parseRoute(text, DEFAULT_PROFILE, db, { now: 1_700_000_000_000 });
const kinds = (ws: readonly Waypoint[]) => ws.map((w) => `${w.code}:${w.type}`).join(' ');

describe('an ident shared by an airport and a navaid in one place', () => {
  it('is the navaid between the ends of the route (KHWD OAK KSFO flies the OAK VORTAC)', () => {
    const r = parse('KHWD OAK KSFO');
    expect(kinds(r.waypoints)).toBe('KHWD:AIRPORT OAK:NAVAID KSFO:AIRPORT');
    expect(r.waypoints[1]!.location).toEqual({ lat: oakVortac.latDeg, lon: oakVortac.lonDeg });
    expect(r.waypoints[1]!.navaid_type).toBe('VORTAC');
    // The airport in the middle is written with its ICAO code.
    expect(kinds(parse('KHWD KOAK KSFO').waypoints)).toBe('KHWD:AIRPORT KOAK:AIRPORT KSFO:AIRPORT');
    // With no previous point (after a token that is none) it is still the navaid.
    expect(kinds(parse('KHWD XYZZY OAK KSFO').waypoints)).toBe('KHWD:AIRPORT OAK:NAVAID KSFO:AIRPORT');
    expect(kinds(parse('KHWD LXA KSFO').waypoints)).toBe('KHWD:AIRPORT LXA:NAVAID KSFO:AIRPORT');
  });

  it('is the airport at the origin and at the destination, even where the navaid is nearer the point next to it', () => {
    expect(kinds(parse('KSFO OAK').waypoints)).toBe('KSFO:AIRPORT OAK:AIRPORT');
    expect(kinds(parse('OAK KSFO').waypoints)).toBe('OAK:AIRPORT KSFO:AIRPORT');
    // The LXA navaid is the nearer to FAR, 14 nm from the LXA airport: the route still ends at the airport.
    const r = parse('FAR LXA');
    expect(kinds(r.waypoints)).toBe('FAR:AIRPORT LXA:AIRPORT');
    expect(r.destination?.location).toEqual({ lat: 36, lon: -119 });
    expect(kinds(parse('LXA FAR').waypoints)).toBe('LXA:AIRPORT FAR:AIRPORT');
    expect(parse('KSFO OAK').final_string).toBe('KSFO OAK');
  });

  it('keeps the nearest candidate where the airport and the navaid are different places (more than 30 nm apart)', () => {
    // The FAR VOR is 60 nm from FAR airport: each end takes the one nearest its neighbour.
    expect(kinds(parse('KHWD FAR').waypoints)).toBe('KHWD:AIRPORT FAR:NAVAID');
    expect(kinds(parse('KHWD FAR LXA').waypoints)).toBe('KHWD:AIRPORT FAR:NAVAID LXA:AIRPORT');
    expect(kinds(parse('LXA FAR LXA').waypoints)).toBe('LXA:AIRPORT FAR:AIRPORT LXA:AIRPORT');
  });

  it('writes a string that parses back to the same points', () => {
    for (const text of ['KHWD OAK KSFO', 'OAK LXA', 'KSFO OAK FAR LXA', 'LXA OAK OAK']) {
      const r = parse(text);
      expect(kinds(parse(r.final_string).waypoints), text).toBe(kinds(r.waypoints));
    }
  });

  it('is chosen the same way by the editor: the airport inserted at an end, the navaid between', () => {
    const o = { now: 1_700_000_000_000 };
    const between = addWaypoint2(parse('KHWD KSFO'), 'OAK', 'KHWD', DEFAULT_PROFILE, db, o);
    expect(kinds(between.waypoints)).toBe('KHWD:AIRPORT OAK:NAVAID KSFO:AIRPORT');
    expect(kinds(between.waypoints)).toBe(kinds(parse(between.final_string).waypoints));
    expect(kinds(addWaypointEnd(parse('KHWD'), 'OAK', DEFAULT_PROFILE, db, o).waypoints)).toBe('KHWD:AIRPORT OAK:AIRPORT');
    expect(kinds(addWaypointBeginning(parse('KSFO'), 'OAK', DEFAULT_PROFILE, db, o).waypoints)).toBe('OAK:AIRPORT KSFO:AIRPORT');
  });
});
