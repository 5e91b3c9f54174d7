import { geodesicLeg } from '@clearway/geo';
import type { Waypoint } from '../model.js';
import { parseRadialToken } from '../parse/radial.js';

/**
 * A radial/DME fix is reached from its own station when the leg's start lies within this of its
 * distance and course from the fix's station, nautical miles and degrees: a recomputed fix agrees to
 * rounding, while another station of the ident (or a user point named like a fix) is far off.
 */
const AT_STATION_NM = 0.05;
const AT_STATION_DEG = 0.1;

/**
 * The radial a leg flies out of a VOR, whole degrees 1–360, or null:
 * - a radial segment of the route string (`PWL PWL111 BRISS`: the leg from PWL to BRISS follows
 *   PWL's 111 radial);
 * - a leg from a station to a radial/DME fix of that station (`OAK OAK099020`: OAK's 099 radial
 *   outbound for 20 nm). The parser makes the fix a user point named by its canonical code
 *   (`parse/radial.ts` radialDmeCode) with the station's variation its radial was turned by; the
 *   leg's start is that station when the fix lies at its distance and on its radial from there.
 * Only when the leg starts at that station: an edit that moves the point elsewhere leaves the
 * radial behind.
 */
export function radialSegmentOf(start: Waypoint, end: Waypoint): number | null {
  if (end.via_radial) return end.via_radial.navaid === start.code ? end.via_radial.radial : null;
  return radialOfFixFrom(start, end);
}

/** The radial of a radial/DME fix `end` when `start` is its station, else null. */
function radialOfFixFrom(start: Waypoint, end: Waypoint): number | null {
  if (end.type !== 'UWP' || start.type !== 'NAVAID') return null;
  const fix = parseRadialToken(end.code);
  if (fix === null || fix.dmeNm === null || fix.navaid !== start.code) return null;
  const leg = geodesicLeg(start.location.lat, start.location.lon, end.location.lat, end.location.lon);
  const offCourse = Math.abs(((leg.courseDegTrue - (fix.radial + end.variation)) % 360 + 540) % 360 - 180);
  return Math.abs(leg.distanceNm - fix.dmeNm) <= AT_STATION_NM && offCourse <= AT_STATION_DEG ? fix.radial : null;
}
