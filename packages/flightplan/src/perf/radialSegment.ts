import type { Waypoint } from '../model.js';

/**
 * The radial of a leg the route string flies as a radial segment (`PWL PWL111 BRISS`: the leg from
 * PWL to BRISS follows PWL's 111 radial), whole degrees 1–360, or null. Only when the leg starts at
 * that station: an edit that moves the point elsewhere leaves the radial behind.
 */
export function radialSegmentOf(start: Waypoint, end: Waypoint): number | null {
  return end.via_radial && end.via_radial.navaid === start.code ? end.via_radial.radial : null;
}
