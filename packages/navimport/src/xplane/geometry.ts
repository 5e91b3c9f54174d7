/** Number helpers for runway ends and lengths from X-Plane positions (the geodesy is @clearway/geo's). */
import { M_PER_FT } from '@clearway/geo';

/** Feet per nautical mile (1852 m exactly). */
export const FT_PER_NM = 1852 / M_PER_FT;

/** Rounds to `digits` decimals. */
export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
