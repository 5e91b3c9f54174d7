import type { Waypoint } from '../model.js';

/**
 * A waypoint's text in the canonical route string, given its code: the radial segment it is reached
 * by written before it when the point before is that radial's station (`PWL111 BRISS`), and the
 * ICAO speed/level change filed at it after a slash (`LAKES/N0450F370`), so the string parses back
 * to the same route.
 */
export function decoratedCode(w: Waypoint, previous: Waypoint | undefined, code: string): string {
  const radial = w.via_radial && previous?.code === w.via_radial.navaid ? `${w.via_radial.navaid}${String(w.via_radial.radial).padStart(3, '0')} ` : '';
  return `${radial}${code}${w.speed_level ? `/${w.speed_level}` : ''}`;
}
