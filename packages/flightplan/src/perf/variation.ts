import { magneticVariationDeg } from '@clearway/geo';

/** Magnetic variation at a place and time, degrees east positive, or null when unknown. */
export type VariationLookup = (latDeg: number, lonDeg: number, timeMs: number) => number | null;

const MS_PER_DAY = 86_400_000;
/** Cache cell, degrees: the WMM changes by well under 0.01° of variation over 0.05° of position. */
const CELL_DEG = 0.05;
const MAX_ENTRIES = 20_000;
const cache = new Map<string, number>();

/**
 * Variation from the World Magnetic Model (geo's WMM2025) at sea level on the UTC day of `timeMs`,
 * memoised per 0.05° cell and day: building the model for a date costs about 0.6 ms in Node, so
 * re-planning the same route (edits, the optimizer's candidates) pays it only once per place.
 */
export const wmmVariation: VariationLookup = (latDeg, lonDeg, timeMs) => {
  if (!Number.isFinite(latDeg) || !Number.isFinite(lonDeg) || !Number.isFinite(timeMs)) return null;
  const day = Math.floor(timeMs / MS_PER_DAY);
  const la = Math.round(latDeg / CELL_DEG);
  const lo = Math.round(lonDeg / CELL_DEG);
  const key = `${la}:${lo}:${day}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let v: number;
  try {
    v = magneticVariationDeg(la * CELL_DEG, lo * CELL_DEG, 0, new Date(day * MS_PER_DAY));
  } catch {
    return null;
  }
  if (!Number.isFinite(v)) return null;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, v);
  return v;
};
