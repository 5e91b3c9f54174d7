import { NM_PER_DEG } from '@clearway/geo';
import { describe, expect, it } from 'vitest';
import type { WindsAloftSource } from '../model.js';
import { DEFAULT_PROFILE } from '../model.js';
import { runFlightPlan } from './flightPlan.js';
import { getOptimizerOutput, hemisphericAltitudes, isEastbound, optimizerFloorFt } from './optimizer.js';
import { makeRoute, makeWaypoint } from '../testing/testRoute.js';

const NOW = Date.UTC(2026, 10, 21, 18, 0);
const range = (from: number, to: number, step: number) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

describe('hemispheric rule candidates', () => {
  it('VFR eastbound: odd thousands + 500 from the floor to 17,500', () => {
    expect(hemisphericAltitudes(true, true, 1000, 17_500)).toEqual(range(1500, 17_500, 2000));
  });
  it('VFR westbound: even thousands + 500', () => {
    expect(hemisphericAltitudes(true, false, 1000, 17_500)).toEqual(range(2500, 16_500, 2000));
  });
  it('IFR eastbound: odd thousands up to the 18,000 ceiling', () => {
    expect(hemisphericAltitudes(false, true, 1000, 18_000)).toEqual(range(1000, 17_000, 2000));
  });
  it('IFR westbound: even thousands', () => {
    expect(hemisphericAltitudes(false, false, 1000, 18_000)).toEqual(range(2000, 18_000, 2000));
  });
  it('starts at the first valid altitude at or above the floor', () => {
    expect(hemisphericAltitudes(true, true, 6000, 17_500)[0]).toBe(7500);
    expect(hemisphericAltitudes(true, false, 6000, 17_500)[0]).toBe(6500);
    expect(hemisphericAltitudes(false, true, 6000, 18_000)[0]).toBe(7000);
    expect(hemisphericAltitudes(false, false, 6000, 18_000)[0]).toBe(6000);
    expect(hemisphericAltitudes(true, true, 7500, 17_500)[0]).toBe(7500);
    expect(hemisphericAltitudes(true, true, 18_000, 17_500)).toEqual([]);
  });
});

describe('getOptimizerOutput', () => {
  const a = makeWaypoint('KAAA', 0, 0, { elevation: 5000 });
  const d = makeWaypoint('KDDD', 0, 200 / NM_PER_DEG, { elevation: 2000 });
  const route = makeRoute([a, d]);
  /** Headwind from the east growing with height, so lower is faster. */
  const winds: WindsAloftSource = {
    windAt: ({ altitudeFt }) => ({ directionDeg: 90, speedKt: altitudeFt / 500, temperatureC: -altitudeFt / 1000, stationId: 'S', stationLat: 0, stationLon: 0, aloft: [] }),
  };

  it('floors at the higher airport elevation + 1,000 ft', () => {
    expect(optimizerFloorFt(route)).toBe(6000);
  });

  it('gives one row per candidate, equal to runFlightPlan at that altitude', () => {
    const rows = getOptimizerOutput(route, true, true, DEFAULT_PROFILE, { now: NOW, winds });
    expect(rows.map((r) => r.altitude)).toEqual(range(7500, 17_500, 2000));
    const at = runFlightPlan(route, DEFAULT_PROFILE, { now: NOW, winds, altitudeFt: 9500 });
    expect(rows[1]).toEqual({ altitude: 9500, avg_gs: at.avg_gs, total_min: at.total_min, total_fuel: at.total_fuel, avg_temp: at.avg_temp });
    // The headwind grows with height: ground speed falls as altitude rises.
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.avg_gs).toBeLessThan(rows[i - 1]?.avg_gs ?? Infinity);
  });

  it('takes an IFR ceiling option', () => {
    const rows = getOptimizerOutput(route, false, false, DEFAULT_PROFILE, { now: NOW, ceilingFt: 12_000 });
    expect(rows.map((r) => r.altitude)).toEqual([6000, 8000, 10_000, 12_000]);
  });
});

describe('isEastbound', () => {
  const route = (lat2: number, lon2: number, variation = 999.999) =>
    makeRoute([makeWaypoint('KAAA', 0, 0, { variation }), makeWaypoint('KDDD', lat2, lon2)]);
  it('is east for magnetic courses 0–179°', () => {
    expect(isEastbound(route(0, 1), NOW, null)).toBe(true);
    expect(isEastbound(route(1, 0), NOW, null)).toBe(true);
    expect(isEastbound(route(0, -1), NOW, null)).toBe(false);
    expect(isEastbound(route(-1, 0), NOW, null)).toBe(false);
  });
  it('applies the variation: true 175° with 10° W variation is magnetic 185°, westbound', () => {
    const b = (175 * Math.PI) / 180;
    // The model's variation wins over the point's published one (17° E would make it 158°, eastbound).
    expect(isEastbound(route(Math.cos(b), Math.sin(b), 17), NOW, () => -10)).toBe(false);
    expect(isEastbound(route(Math.cos(b), Math.sin(b), 17), NOW, () => 0)).toBe(true);
    // Without a model, the published variation.
    expect(isEastbound(route(Math.cos(b), Math.sin(b), -10), NOW, null)).toBe(false);
    expect(isEastbound(route(Math.cos(b), Math.sin(b), 0), NOW, null)).toBe(true);
  });
});
