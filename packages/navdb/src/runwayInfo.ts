import type { AirportSummary, RunwayInfo } from './api.js';
import type { Airport } from './model.js';

/**
 * Runway drawing info (spec part 1 §3 "Runway info"): tower and fuel flags, and one centre line per
 * runway whose first two ends both have a position (x = longitude, y = latitude, degrees).
 */
export function runwayInfoOf(airport: Airport, summary: AirportSummary): RunwayInfo {
  const paths: RunwayInfo['runway']['paths'] = [];
  for (const runway of airport.runways) {
    const [a, b] = runway.ends;
    if (!a || !b || a.latDeg === null || a.lonDeg === null || b.latDeg === null || b.lonDeg === null) continue;
    paths.push({ x1: a.lonDeg, y1: a.latDeg, x2: b.lonDeg, y2: b.latDeg });
  }
  return { runway: { base: { atct: airport.towered === true, fuel: airport.fuel === true }, paths }, summary };
}
