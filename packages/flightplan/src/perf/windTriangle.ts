import { normalizeDeg } from './sphere.js';

const DEG = Math.PI / 180;

export interface WindTriangleResult {
  /** Wind correction angle, degrees (negative = crab left). */
  wcaDeg: number;
  /** True heading to hold the course, degrees in [0, 360). */
  headingDegTrue: number;
  /** Ground speed along the course, knots; 0 when the wind is too strong to hold the course. */
  gsKt: number;
  /** False when the crosswind exceeds the airspeed (course cannot be held) or GS would be <= 0. */
  ok: boolean;
}

/**
 * The wind triangle: to fly `courseDegTrue` at `tasKt` in a wind from `windFromDegTrue` at `windKt`,
 * the aircraft crabs by WCA = asin(Vw·sin(Ww − TC) / TAS) and makes GS = TAS·cos(WCA) − Vw·cos(Ww − TC).
 */
export function windTriangle(courseDegTrue: number, tasKt: number, windFromDegTrue: number, windKt: number): WindTriangleResult {
  if (!(windKt > 0)) return { wcaDeg: 0, headingDegTrue: normalizeDeg(courseDegTrue), gsKt: Math.max(0, tasKt), ok: tasKt > 0 };
  const rel = (windFromDegTrue - courseDegTrue) * DEG;
  const cross = (windKt * Math.sin(rel)) / tasKt;
  if (!(tasKt > 0) || Math.abs(cross) > 1) {
    return { wcaDeg: 0, headingDegTrue: normalizeDeg(courseDegTrue), gsKt: 0, ok: false };
  }
  const wca = Math.asin(cross);
  const gs = tasKt * Math.cos(wca) - windKt * Math.cos(rel);
  return {
    wcaDeg: wca / DEG,
    headingDegTrue: normalizeDeg(courseDegTrue + wca / DEG),
    gsKt: Math.max(0, gs),
    ok: gs > 0,
  };
}

/** ISA temperature at a pressure altitude: 15 °C less 1.98 °C per 1,000 ft. */
export function isaTemperatureC(altitudeFt: number): number {
  return 15 - (1.98 * altitudeFt) / 1000;
}
