import { normalize360 } from './angles.js';

/** One axis as degrees, minutes and seconds with one decimal of a second, e.g. `122°07'18.3"W`. */
function axisDms(valueDeg: number, positive: string, negative: string, degreeDigits: number): string {
  const hemisphere = valueDeg < 0 ? negative : positive;
  // Round once, in tenths of a second, so 59.96" carries into the next minute instead of showing 60.0".
  const tenths = Math.round(Math.abs(valueDeg) * 36000);
  const deg = Math.floor(tenths / 36000);
  const min = Math.floor((tenths % 36000) / 600);
  const sec = (tenths % 600) / 10;
  const d = String(deg).padStart(degreeDigits, '0');
  const m = String(min).padStart(2, '0');
  const s = sec.toFixed(1).padStart(4, '0');
  return `${d}°${m}'${s}"${hemisphere}`;
}

/**
 * A position as degrees, minutes and seconds (spec part 2 §9 "Coordinates shown as degrees,
 * minutes, seconds"), e.g. `37°39'32.1"N 122°07'18.3"W`. Latitude has 2 degree digits, longitude 3;
 * seconds have one decimal. Zero is shown as N / E.
 */
export function formatDms(latDeg: number, lonDeg: number): string {
  return `${axisDms(latDeg, 'N', 'S', 2)} ${axisDms(lonDeg, 'E', 'W', 3)}`;
}

/** The 8 compass points, clockwise from north. */
export const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/**
 * The compass name of a direction in degrees: 8 points in 45-degree sectors centred on each point
 * (spec part 2 §9), so N covers [337.5, 22.5). A sector's lower edge belongs to it (22.5 is NE).
 */
export function compassName(deg: number): CompassPoint {
  const index = Math.floor(normalize360(deg + 22.5) / 45) % 8;
  return COMPASS_POINTS[index] as CompassPoint;
}

/**
 * A wind for display: direction as 3 digits in degrees true (north is 360) and the speed in knots,
 * e.g. `270° 15 kt`. The speed (and so the wind) is shown only if above 1 knot (spec part 1 §9);
 * otherwise `calm`.
 */
export function formatWind(dirDeg: number, speedKt: number): string {
  if (!(speedKt > 1)) return 'calm';
  // A wind from the north is 360, as in reports and forecasts, never 000.
  const dir = Math.round(normalize360(dirDeg)) % 360 || 360;
  return `${String(dir).padStart(3, '0')}° ${Math.round(speedKt)} kt`;
}
