import { describe, expect, it } from 'vitest';
import { magneticToTrue, magneticVariationDeg, normalize360, trueToMagnetic } from './index.js';

const MID_2025 = new Date(Date.UTC(2025, 6, 1));

describe('magnetic variation (WMM2025)', () => {
  it('matches NOAA calculator figures for 2025 within half a degree', () => {
    // San Francisco (KSFO) about 12.9° E; New York about 12.8° W (NOAA WMM calculator, 2025).
    expect(magneticVariationDeg(37.618972, -122.374889, 0, MID_2025)).toBeCloseTo(12.9, 0);
    expect(Math.abs(magneticVariationDeg(37.618972, -122.374889, 0, MID_2025) - 12.9)).toBeLessThan(0.5);
    expect(Math.abs(magneticVariationDeg(40.7128, -74.006, 0, MID_2025) - -12.8)).toBeLessThan(0.5);
  });

  it('changes little with altitude and drifts slowly with time', () => {
    const low = magneticVariationDeg(37.618972, -122.374889, 0, MID_2025);
    const high = magneticVariationDeg(37.618972, -122.374889, 40000, MID_2025);
    expect(Math.abs(high - low)).toBeLessThan(0.2);
    const later = magneticVariationDeg(37.618972, -122.374889, 0, new Date(Date.UTC(2028, 6, 1)));
    expect(Math.abs(later - low)).toBeLessThan(0.5);
    // The model kept for the last date is not reused for another one.
    expect(later).not.toBe(low);
    expect(magneticVariationDeg(37.618972, -122.374889, 0, MID_2025)).toBe(low);
  });
});

describe('true and magnetic', () => {
  it('normalizes into [0, 360)', () => {
    expect(normalize360(360)).toBe(0);
    expect(normalize360(-10)).toBe(350);
    expect(normalize360(725)).toBe(5);
    expect(Object.is(normalize360(-0), 0)).toBe(true);
  });

  it('subtracts east variation and adds west, wrapping through north', () => {
    expect(trueToMagnetic(100, 13)).toBe(87);
    expect(trueToMagnetic(5, 13)).toBe(352);
    expect(trueToMagnetic(355, -13)).toBe(8);
    expect(magneticToTrue(trueToMagnetic(123.5, -12.8), -12.8)).toBeCloseTo(123.5, 9);
  });
});
