/**
 * Radial route tokens: a radial segment `PWL111` (from PWL outbound on its 111 radial to the point
 * that follows) and a radial/DME fix `PDZ270/016`, `PDZ270016` (the point on PDZ's 270 radial at
 * 16 nm). Radials are magnetic by the station's own published variation (the variation the VOR is
 * aligned to), so true course = radial + variation east. Positions are on the WGS84 geodesic
 * (GeographicLib). Distances nautical miles, angles degrees.
 */
import { geodesicDestination, geodesicDistanceNm, geodesicInitialCourseDeg, greatCircleCrossTrackNm, normalize360 } from '@clearway/geo';
import type { LatLon, Navaid, NavDb } from '@clearway/navdb';
import type { Waypoint } from '../model.js';
import { wmmVariation } from '../perf/variation.js';
import { makeWaypoint } from './waypoint.js';

export interface RadialToken {
  /** Station ident, e.g. `PWL`. */
  navaid: string;
  /** The radial as typed, three digits. */
  radialText: string;
  /** Whole degrees, 1–360 (000 is written 360). */
  radial: number;
  /** DME distance, nautical miles, for a radial/DME fix; null for a radial segment. */
  dmeNm: number | null;
}

const RADIAL = /^([A-Z]{2,3})(\d{3})(?:(\/?)(\d{3}))?$/;
/** A station ident followed by digits that do not make a radial (`PWL1111`, `PDZ270/`, `PDZ27/16`). */
const RADIAL_LIKE = /^([A-Z]{2,3})(\d{1,6})(\/\d*)?$/;
/** Stations with radials: VORs, with or without DME, and TACANs. */
const RADIAL_STATIONS = new Set(['VOR', 'VORTAC', 'VOR-DME', 'TACAN']);
/** Farther than this off the radial, the point after a radial segment gets a warning, nautical miles. */
export const OFF_RADIAL_NM = 1;

/** The radial form of a token, or null. Radials above 360 are not radials (see `malformedRadial`). */
export function parseRadialToken(token: string): RadialToken | null {
  const m = RADIAL.exec(token);
  if (!m) return null;
  const radial = Number(m[2]);
  if (radial > 360) return null;
  const dme = m[4] === undefined ? null : Number(m[4]);
  if (dme === 0) return null;
  return { navaid: m[1]!, radialText: m[2]!, radial: radial === 0 ? 360 : radial, dmeNm: dme };
}

/**
 * Why a token that starts with a station ident and digits is not a radial form, or null when it
 * does not look like one. Only asked about tokens that are nothing else (no point has that name).
 */
export function malformedRadial(db: NavDb, token: string): string | null {
  const m = RADIAL_LIKE.exec(token);
  if (!m) return null;
  const ident = m[1]!;
  if (!db.navaids(ident).some((n) => RADIAL_STATIONS.has(n.type))) return null;
  const digits = m[2]!;
  const slash = m[3];
  if (digits.length === 3 && Number(digits) > 360) return `${token}: a radial is 000 to 360 degrees`;
  if (slash === '/') return `${token}: the DME distance after the slash is missing (e.g. ${ident}${digits.padStart(3, '0').slice(0, 3)}/016)`;
  if (digits.length === 3 && slash !== undefined && slash.length !== 4) return `${token}: write the DME distance as 3 digits (e.g. ${ident}${digits}/016)`;
  if (digits.length === 6 && Number(digits.slice(3)) === 0) return `${token}: a DME distance of 0 is ${ident} itself`;
  if (slash !== undefined && Number(slash.slice(1)) === 0 && slash.length === 4) return `${token}: a DME distance of 0 is ${ident} itself`;
  return `${token}: write a radial as 3 digits and a DME distance as 3 more (e.g. ${ident}111, ${ident}111/016 or ${ident}111016)`;
}

/** The station of a radial token nearest `near` (the first without one), or the reason there is none. */
export function radialStation(db: NavDb, token: string, ident: string, near: LatLon | null): { station: Navaid } | { error: string } {
  const all = db.navaids(ident);
  const usable = all.filter((n) => RADIAL_STATIONS.has(n.type) && Number.isFinite(n.latDeg) && Number.isFinite(n.lonDeg));
  if (usable.length === 0) {
    const other = all[0];
    if (other) return { error: `${token}: ${ident} is ${other.type === 'NDB' || other.type === 'NDB-DME' ? 'an' : 'a'} ${other.type}, which has no radials` };
    return { error: `${token}: no VOR named ${ident}` };
  }
  let best = usable[0]!;
  if (near && usable.length > 1) {
    let bestNm = Infinity;
    for (const n of usable) {
      const d = geodesicDistanceNm(near.latDeg, near.lonDeg, n.latDeg, n.lonDeg);
      if (d < bestNm) {
        bestNm = d;
        best = n;
      }
    }
  }
  return { station: best };
}

/**
 * The variation a station's radials are aligned to, degrees east: its published one, else (with a
 * warning for the caller to show) the World Magnetic Model's at the station on the route's day.
 */
export function stationVariation(station: Navaid, now: number): { variationDeg: number; published: boolean } {
  if (station.slavedVarDeg !== null && Number.isFinite(station.slavedVarDeg)) return { variationDeg: station.slavedVarDeg, published: true };
  return { variationDeg: wmmVariation(station.latDeg, station.lonDeg, now) ?? 0, published: false };
}

/** Canonical code of a radial/DME fix: ident, radial and distance, 3 digits each (`PDZ270016`). */
export function radialDmeCode(t: RadialToken): string {
  return `${t.navaid}${t.radialText}${String(t.dmeNm ?? 0).padStart(3, '0')}`;
}

/** The computed point of a radial/DME fix, a user waypoint named by its canonical code. */
export function radialDmeWaypoint(t: RadialToken, station: Navaid, variationDeg: number): Waypoint {
  const trueCourse = normalize360(t.radial + variationDeg);
  const p = geodesicDestination(station.latDeg, station.lonDeg, trueCourse, t.dmeNm ?? 0);
  return makeWaypoint(radialDmeCode(t), 'UWP', p.latDeg, p.lonDeg, {
    name: `${t.navaid} ${t.radialText} radial ${t.dmeNm ?? 0} NM`,
    variation: variationDeg,
  });
}

/**
 * How far a point lies off a station's radial, nautical miles: the cross-track distance from the
 * radial's great circle (geo's greatCircleCrossTrackNm, from the WGS84 geodesic's initial course
 * and distance), or null when the point lies behind the station (on the reciprocal side, more than
 * 90 degrees off the radial).
 */
export function offRadialNm(station: Navaid, radial: number, variationDeg: number, point: { lat: number; lon: number }): number | null {
  const s = geodesicDistanceNm(station.latDeg, station.lonDeg, point.lat, point.lon);
  if (s < 1e-6) return 0;
  const course = geodesicInitialCourseDeg(station.latDeg, station.lonDeg, point.lat, point.lon);
  const delta = ((normalize360(course - (radial + variationDeg)) + 180) % 360) - 180;
  if (Math.abs(delta) > 90) return null;
  return Math.abs(greatCircleCrossTrackNm(s, delta));
}
