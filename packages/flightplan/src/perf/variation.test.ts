import { magneticVariationDeg } from '@clearway/geo';
import { describe, expect, it } from 'vitest';
import { wmmVariation } from './variation.js';

describe('wmmVariation', () => {
  const t = Date.UTC(2026, 10, 21, 18, 30);
  it('matches the WMM at the cell centre within a hundredth of a degree', () => {
    const v = wmmVariation(37.62, -122.37, t);
    expect(v).toBeCloseTo(magneticVariationDeg(37.62, -122.37, 0, new Date(t)), 1);
    expect(Math.abs((v ?? NaN) - magneticVariationDeg(37.62, -122.37, 0, new Date(t)))).toBeLessThan(0.02);
  });
  it('is memoised (same answer again) and null for nonsense input', () => {
    expect(wmmVariation(37.62, -122.37, t)).toBe(wmmVariation(37.621, -122.371, t + 1000));
    expect(wmmVariation(NaN, 0, t)).toBeNull();
    expect(wmmVariation(0, 0, NaN)).toBeNull();
  });
});
