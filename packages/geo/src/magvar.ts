import geomagnetism from 'geomagnetism';
import { normalize360 } from './angles.js';

/** Metres per foot (exact); kept local so this module has no import cycle with units.ts. */
const M_PER_FT = 0.3048;

/**
 * The model advanced to one date. Building it is ten times the cost of a point (0.2 ms against
 * 0.02 ms), and a route asks for many points at one time, so the last one is kept.
 */
let cached: { timeMs: number; model: ReturnType<typeof geomagnetism.model> } | null = null;

function timedModel(date: Date): ReturnType<typeof geomagnetism.model> {
  const timeMs = date.getTime();
  if (cached === null || cached.timeMs !== timeMs) {
    cached = { timeMs, model: geomagnetism.model(date, { allowOutOfBoundsModel: true }) };
  }
  return cached.model;
}

/**
 * Magnetic variation (declination) at a place and date from the World Magnetic Model 2025 (the
 * `geomagnetism` package picks the model by date; outside WMM2025's 2024-11..2029-11 span it uses
 * the nearest model it ships). Degrees, east positive, west negative.
 * `altitudeFt` is height above the WGS84 ellipsoid in feet (the difference from MSL is immaterial
 * here: variation changes by hundredths of a degree per thousand feet).
 * `date` is a parameter because pure code never reads the clock.
 */
export function magneticVariationDeg(latDeg: number, lonDeg: number, altitudeFt: number, date: Date): number {
  const model = timedModel(date);
  // The package takes [lat, lon, altitude km].
  return model.point([latDeg, lonDeg, (altitudeFt * M_PER_FT) / 1000]).decl;
}

/**
 * True to magnetic: magnetic = true − variation (east variation is subtracted, "east is least").
 * Degrees; the result is in [0, 360).
 */
export function trueToMagnetic(trueDeg: number, variationEastDeg: number): number {
  return normalize360(trueDeg - variationEastDeg);
}

/** Magnetic to true: true = magnetic + variation (east positive). Degrees in [0, 360). */
export function magneticToTrue(magneticDeg: number, variationEastDeg: number): number {
  return normalize360(magneticDeg + variationEastDeg);
}
