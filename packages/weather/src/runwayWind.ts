// Runway wind components: the headwind and crosswind a reported wind gives on each runway end, and
// which end the wind favours. Everything here is in degrees TRUE: METAR and TAF surface winds are
// reported true (ATIS and tower winds are magnetic; they do not come through here), and the nav
// database's runway-end headings (`RunwayEnd.trueHeadingDeg`) are true. A runway end whose true
// heading the nav data does not give gets one by `runwayEndTrueHeading` (the reciprocal of the other
// end, the course between the thresholds, or the runway number, which is MAGNETIC, turned to true
// with the airport's magnetic variation).
import { greatCircleInitialCourseDeg, normalize360 } from '@clearway/geo';

/** What the components need of a wind: a METAR's or TAF's `Wind` fits. Degrees true, knots. */
export interface SurfaceWind {
  /** Degrees true the wind blows from; null for variable (VRB) or not reported. */
  readonly directionDeg: number | null;
  readonly variable: boolean;
  readonly speedKt: number;
  readonly gustKt: number | null;
  /** The `dddVddd` sector (degrees true, clockwise from `variableFromDeg`), when reported. */
  readonly variableFromDeg?: number | null;
  readonly variableToDeg?: number | null;
}

/** Where a runway end's true heading came from; all but `nav-data` are derived here. */
export type RunwayHeadingSource = 'nav-data' | 'reciprocal' | 'thresholds' | 'runway-number';

export interface RunwayEndHeading {
  /** Degrees true, [0, 360). */
  readonly trueDeg: number;
  readonly source: RunwayHeadingSource;
}

/** What `runwayEndTrueHeading` reads of a nav-data runway end (`RunwayEnd` of @clearway/navdb fits). */
export interface RunwayEndLike {
  readonly id: string;
  readonly trueHeadingDeg: number | null;
  readonly latDeg: number | null;
  readonly lonDeg: number | null;
}

/**
 * The runway number of an end designator, 1..36 (`01L` → 1, `28R` → 28, `9` → 9); null for
 * helipads (`H1`), water lanes (`NW`) and anything else.
 */
export function runwayNumber(endId: string): number | null {
  const m = /^(\d{1,2})[LRCWT]?$/.exec(endId.trim().toUpperCase());
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= 36 ? n : null;
}

/**
 * The true heading of a runway end (the direction an aircraft lands or takes off on it), from the
 * best of: the nav data's true heading; the other end's true heading plus 180°; the course from this
 * end's threshold to the other end's (great circle: over a runway's length it differs from the WGS84
 * geodesic by well under a degree, and it keeps the geodesic library out of the airport page's
 * start-up code); the runway number times ten, which is the
 * MAGNETIC heading rounded to 10°, plus the magnetic variation (`magVarDeg`, east positive, so
 * true = magnetic + variation). The last is good to about ±5° plus the variation's drift since it was
 * recorded; callers show it as approximate. null when none of these is known.
 */
export function runwayEndTrueHeading(end: RunwayEndLike, otherEnd: RunwayEndLike | null, magVarDeg: number | null): RunwayEndHeading | null {
  if (end.trueHeadingDeg !== null && Number.isFinite(end.trueHeadingDeg)) return { trueDeg: normalize360(end.trueHeadingDeg), source: 'nav-data' };
  const otherHeading = otherEnd?.trueHeadingDeg ?? null;
  if (otherHeading !== null && Number.isFinite(otherHeading)) {
    return { trueDeg: normalize360(otherHeading + 180), source: 'reciprocal' };
  }
  if (otherEnd && end.latDeg !== null && end.lonDeg !== null && otherEnd.latDeg !== null && otherEnd.lonDeg !== null) {
    if (end.latDeg !== otherEnd.latDeg || end.lonDeg !== otherEnd.lonDeg) {
      return { trueDeg: greatCircleInitialCourseDeg(end.latDeg, end.lonDeg, otherEnd.latDeg, otherEnd.lonDeg), source: 'thresholds' };
    }
  }
  const n = runwayNumber(end.id);
  if (n !== null && magVarDeg !== null && Number.isFinite(magVarDeg)) return { trueDeg: normalize360(n * 10 + magVarDeg), source: 'runway-number' };
  return null;
}

/**
 * Components of a wind on a runway end. `headwindKt` is negative for a tailwind; `crosswindKt` is
 * positive when the wind comes from the right of the runway direction, negative from the left.
 * Unrounded knots: round only for display.
 */
export interface WindComponents {
  readonly headwindKt: number;
  readonly crosswindKt: number;
}

export type RunwayWind =
  /** Speed 0 (`00000KT`): every component is 0. */
  | { readonly kind: 'calm'; readonly steady: WindComponents; readonly gust: null; readonly sectorMaxCrosswindKt: null }
  /** A direction and speed: the steady components, the gust's (same direction) and, with a `dddVddd` sector, the greatest crosswind over it. */
  | { readonly kind: 'wind'; readonly steady: WindComponents; readonly gust: WindComponents | null; readonly sectorMaxCrosswindKt: number | null }
  /** `VRB`: the direction is not steady enough to give components. */
  | { readonly kind: 'variable'; readonly steady: null; readonly gust: null; readonly sectorMaxCrosswindKt: null };

/** Components of `speedKt` from `windFromDeg` (true) on a runway heading `runwayTrueDeg` (true). */
export function windComponents(windFromDeg: number, speedKt: number, runwayTrueDeg: number): WindComponents {
  const angle = ((windFromDeg - runwayTrueDeg) * Math.PI) / 180;
  // + 0 turns -0 into 0, so a wind straight down the runway has crosswind 0, not -0.
  return { headwindKt: speedKt * Math.cos(angle) + 0, crosswindKt: speedKt * Math.sin(angle) + 0 };
}

/** Whether `deg` lies in the sector going clockwise from `from` to `to` (all true degrees). */
function inSector(deg: number, from: number, to: number): boolean {
  const span = normalize360(to - from);
  return normalize360(deg - from) <= span;
}

/**
 * The greatest crosswind (knots, unsigned) of `speedKt` blowing from any direction in the sector
 * `from`..`to` (clockwise): the full speed when the sector holds a direction square to the runway,
 * else the larger of the sector's two edges.
 */
export function sectorMaxCrosswindKt(fromDeg: number, toDeg: number, speedKt: number, runwayTrueDeg: number): number {
  if (inSector(runwayTrueDeg + 90, fromDeg, toDeg) || inSector(runwayTrueDeg + 270, fromDeg, toDeg)) return speedKt;
  return Math.max(Math.abs(windComponents(fromDeg, speedKt, runwayTrueDeg).crosswindKt), Math.abs(windComponents(toDeg, speedKt, runwayTrueDeg).crosswindKt));
}

/**
 * The wind on one runway end (`runwayTrueDeg` true). Calm (speed 0) gives 0 components; VRB gives
 * none; a wind with no direction that is not VRB (not reported) gives null. The gust components
 * use the gust speed in the mean direction; the sector's greatest crosswind uses the gust speed when
 * there is one (the worst the pilot may meet).
 */
export function runwayWind(wind: SurfaceWind, runwayTrueDeg: number): RunwayWind | null {
  if (wind.speedKt === 0 && !wind.gustKt) return { kind: 'calm', steady: { headwindKt: 0, crosswindKt: 0 }, gust: null, sectorMaxCrosswindKt: null };
  if (wind.variable) return { kind: 'variable', steady: null, gust: null, sectorMaxCrosswindKt: null };
  if (wind.directionDeg === null || !Number.isFinite(wind.directionDeg)) return null;
  const gustKt = wind.gustKt !== null && wind.gustKt > wind.speedKt ? wind.gustKt : null;
  const from = wind.variableFromDeg ?? null;
  const to = wind.variableToDeg ?? null;
  return {
    kind: 'wind',
    steady: windComponents(wind.directionDeg, wind.speedKt, runwayTrueDeg),
    gust: gustKt === null ? null : windComponents(wind.directionDeg, gustKt, runwayTrueDeg),
    sectorMaxCrosswindKt: from === null || to === null ? null : sectorMaxCrosswindKt(from, to, gustKt ?? wind.speedKt, runwayTrueDeg),
  };
}

/** One runway end's heading and wind, as `runwayEndWinds` lists them. */
export interface RunwayEndWind {
  readonly endId: string;
  /** The runway it belongs to, e.g. `10L/28R`. */
  readonly runwayId: string;
  readonly heading: RunwayEndHeading | null;
  /** null without a heading or without a usable wind. */
  readonly wind: RunwayWind | null;
  /** The end the wind favours (see `favouredRunwayEnds`). */
  readonly favoured: boolean;
}

/** What `runwayEndWinds` reads of a nav-data runway. */
export interface RunwayLike {
  readonly id: string;
  readonly ends: readonly RunwayEndLike[];
}

/**
 * The favoured ends: those with the greatest headwind, compared in whole knots as shown (so parallel
 * runways, and ends whose headwinds differ by less than the display shows, are favoured together).
 * None when the wind is calm or variable, or when no end has at least 1 kt of headwind (a wind
 * straight across every runway favours none).
 */
export function favouredRunwayEnds(ends: readonly { readonly endId: string; readonly wind: RunwayWind | null }[]): Set<string> {
  let best = 0;
  for (const e of ends) if (e.wind?.kind === 'wind') best = Math.max(best, Math.round(e.wind.steady.headwindKt));
  const favoured = new Set<string>();
  if (best < 1) return favoured;
  for (const e of ends) if (e.wind?.kind === 'wind' && Math.round(e.wind.steady.headwindKt) === best) favoured.add(e.endId);
  return favoured;
}

/**
 * Every end of every runway with its true heading (`runwayEndTrueHeading`), the wind's components
 * on it and whether it is favoured; in the runways' order, ends as listed. `wind` null (not
 * reported): every end without components, none favoured.
 */
export function runwayEndWinds(runways: readonly RunwayLike[], magVarDeg: number | null, wind: SurfaceWind | null): RunwayEndWind[] {
  const rows = runways.flatMap((runway) =>
    runway.ends.map((end) => {
      const other = runway.ends.find((e) => e !== end) ?? null;
      const heading = runwayEndTrueHeading(end, other, magVarDeg);
      return { endId: end.id, runwayId: runway.id, heading, wind: heading && wind ? runwayWind(wind, heading.trueDeg) : null };
    }),
  );
  const favoured = favouredRunwayEnds(rows);
  return rows.map((row) => ({ ...row, favoured: favoured.has(row.endId) }));
}
