import { plannedAltitudeFt, type RouteProfile } from '@clearway/flightplan';

/**
 * The vertical profile as a drawing (issue 24): pure geometry in a fixed view box that the SVG
 * stretches to the chart's width (paths only; labels are placed in percent so text never stretches).
 */

/** View box of the chart's paths: x along the route, y altitude (0 at the top). */
export const CHART_W = 1000;
export const CHART_H = 200;
/** Clearance under which the plan is shown as too close to the terrain, feet (the 1,000 ft of 14 CFR 91.177 outside mountainous areas). */
export const CLEARANCE_WARNING_FT = 1000;

export interface ChartMark {
  label: string;
  /** Percent of the chart's width. */
  xPct: number;
  /** Percent of the chart's height from the top. */
  yPct: number;
}

export interface ProfileChart {
  /** Closed polygon of the terrain, '' without terrain. */
  terrainPath: string;
  /** The planned climb, cruise and descent. */
  plannedPath: string;
  /** Top of the altitude scale, feet. */
  topFt: number;
  /** Altitude lines: feet, y percent from the top. */
  gridFt: { ft: number; yPct: number }[];
  toc: ChartMark | null;
  tod: ChartMark | null;
  waypoints: ChartMark[];
  /** Where the plan passes closest to the terrain when that is under CLEARANCE_WARNING_FT. */
  lowClearance: (ChartMark & { clearanceFt: number }) | null;
  /** The airways' MEAs as a step line ('' off airways), with the airway's name over each step. */
  meaPath: string;
  meaLabels: (ChartMark & { meaFt: number })[];
  /** The freezing level as a line ('' without winds-aloft temperatures), broken where it is unknown. */
  freezingPath: string;
  /** "0°C" at the line's first point. */
  freezingLabel: ChartMark | null;
  /** The aircraft (label: its altitude known or not) at its distance along the route. */
  aircraft: (ChartMark & { altitudeKnown: boolean }) | null;
}

/** The freezing level counts for the altitude scale only up to this many times the plan's and terrain's top. */
const FREEZING_SCALE_LIMIT = 1.5;

const fmt = (n: number) => (Math.round(n * 10) / 10).toString();

/** The chart of a route profile. `stepFt` is the altitude grid's spacing (default: 1,000 ft up to 10,000, else 5,000). */
export function profileChart(profile: RouteProfile, stepFt?: number): ProfileChart {
  const highest = profile.highestTerrain?.terrainFt ?? 0;
  const planned = Math.max(...profile.planned.map((v) => v.altitudeFt), 0);
  const meaTop = Math.max(0, ...profile.meaSteps.map((m) => m.meaFt));
  const base = Math.max(highest, planned, meaTop, profile.aircraft?.altitudeFt ?? 0);
  // A freezing level far above the flight stretches no scale: the part above the chart is not drawn.
  const freezingTop = Math.max(0, ...profile.freezing.filter((f) => !f.below && f.altitudeFt <= base * FREEZING_SCALE_LIMIT).map((f) => f.altitudeFt));
  const peak = Math.max(base, freezingTop);
  const step = stepFt ?? (peak > 10_000 ? 5_000 : 1_000);
  const topFt = Math.max(step, Math.ceil((peak + step * 0.5) / step) * step);
  const total = profile.totalNm > 0 ? profile.totalNm : 1;
  const x = (nm: number) => (Math.min(total, Math.max(0, nm)) / total) * CHART_W;
  const y = (ft: number) => CHART_H - (Math.max(0, Math.min(topFt, ft)) / topFt) * CHART_H;
  const pct = (v: number, of: number) => (v / of) * 100;

  let terrainPath = '';
  const known = profile.samples.filter((s) => s.terrainFt !== null);
  if (known.length > 0) {
    // Each bin drawn as a step at its highest ground, from the bin's start to its end.
    const parts: string[] = [`M0,${CHART_H}`];
    for (const s of profile.samples) {
      const h = y(s.terrainFt ?? 0);
      parts.push(`L${fmt(x(s.alongNm - profile.binNm / 2))},${fmt(h)}`, `L${fmt(x(s.alongNm + profile.binNm / 2))},${fmt(h)}`);
    }
    parts.push(`L${CHART_W},${CHART_H}Z`);
    terrainPath = parts.join('');
  }
  const plannedPath = profile.planned.map((v, i) => `${i === 0 ? 'M' : 'L'}${fmt(x(v.alongNm))},${fmt(y(v.altitudeFt))}`).join('');
  const mark = (label: string, nm: number | null): ChartMark | null =>
    nm === null ? null : { label, xPct: pct(x(nm), CHART_W), yPct: pct(y(plannedAltitudeFt(profile.planned, nm)), CHART_H) };
  const gridFt: ProfileChart['gridFt'] = [];
  for (let ft = step; ft < topFt; ft += step) gridFt.push({ ft, yPct: pct(y(ft), CHART_H) });
  const least = profile.leastClearance;

  // MEA steps: level over each run of legs, joined upright where two runs meet.
  const meaParts: string[] = [];
  profile.meaSteps.forEach((m, i) => {
    const prev = profile.meaSteps[i - 1];
    const joined = prev !== undefined && Math.abs(prev.toNm - m.fromNm) < 1e-6;
    meaParts.push(`${joined ? 'L' : 'M'}${fmt(x(m.fromNm))},${fmt(y(m.meaFt))}`, `L${fmt(x(m.toNm))},${fmt(y(m.meaFt))}`);
  });
  const meaLabels = profile.meaSteps
    .filter((m, i, all) => all.findIndex((o) => o.airway === m.airway) === i)
    .map((m) => ({ label: m.airway, xPct: pct(x((m.fromNm + m.toNm) / 2), CHART_W), yPct: pct(y(m.meaFt), CHART_H), meaFt: m.meaFt }));

  // Freezing level: a line through the known points, broken over gaps (no station in reach, below
  // freezing at the lowest level) and where it leaves the chart.
  const freezingParts: string[] = [];
  let last: number | null = null;
  let first: ChartMark | null = null;
  for (const f of profile.freezing) {
    if (f.below || f.altitudeFt > topFt) {
      last = null;
      continue;
    }
    const continues = last !== null && f.alongNm - last <= profile.binNm * 1.5 + 1e-9;
    freezingParts.push(`${continues ? 'L' : 'M'}${fmt(x(f.alongNm))},${fmt(y(f.altitudeFt))}`);
    first ??= { label: '0°C', xPct: pct(x(f.alongNm), CHART_W), yPct: pct(y(f.altitudeFt), CHART_H) };
    last = f.alongNm;
  }
  // A lone point is drawn as a short level mark the width of its bin.
  const freezingPath = freezingParts
    .join('')
    .split('M')
    .filter(Boolean)
    .map((run) => (run.includes('L') ? `M${run}` : `M${run}h${fmt((profile.binNm / total) * CHART_W)}`))
    .join('');

  const plane = profile.aircraft;
  const aircraft = plane
    ? {
        label: 'Aircraft',
        xPct: pct(x(plane.alongNm), CHART_W),
        yPct: pct(y(plane.altitudeFt ?? plannedAltitudeFt(profile.planned, plane.alongNm)), CHART_H),
        altitudeKnown: plane.altitudeFt !== null,
      }
    : null;
  return {
    terrainPath,
    plannedPath,
    topFt,
    gridFt,
    toc: mark('TOC', profile.tocNm),
    tod: mark('TOD', profile.todNm),
    waypoints: profile.waypoints.map((w) => ({ label: w.code, xPct: pct(x(w.alongNm), CHART_W), yPct: 100 })),
    lowClearance:
      least && least.clearanceFt < CLEARANCE_WARNING_FT
        ? { label: 'Terrain', xPct: pct(x(least.alongNm), CHART_W), yPct: pct(y(plannedAltitudeFt(profile.planned, least.alongNm)), CHART_H), clearanceFt: least.clearanceFt }
        : null,
    meaPath: meaParts.join(''),
    meaLabels,
    freezingPath,
    freezingLabel: first,
    aircraft,
  };
}
