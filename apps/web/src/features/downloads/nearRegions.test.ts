import { describe, expect, it } from 'vitest';
import { CHART_REGIONS } from '@clearway/protocol';
import { milesToRegion, orderRegions, regionsWithin } from './nearRegions';

const BOSTON = { lon: -71.0, lat: 42.36 };
const HONOLULU = { lon: -157.86, lat: 21.31 };

describe('region type miles400', () => {
  it('is 0 miles inside a region and grows with the distance outside', () => {
    const box = [-10, 40, 0, 50] as const;
    expect(milesToRegion({ lon: -5, lat: 45 }, box)).toBe(0);
    // One degree of latitude is about 69 statute miles.
    expect(milesToRegion({ lon: -5, lat: 51 }, box)).toBeCloseTo(69.1, 0);
    expect(milesToRegion({ lon: -5, lat: 52 }, box)).toBeGreaterThan(milesToRegion({ lon: -5, lat: 51 }, box));
  });

  it('suggests the regions within 400 miles of Boston, nearest first, and none of Alaska or Hawaii', () => {
    const near = regionsWithin(CHART_REGIONS, BOSTON);
    expect(near.length).toBeGreaterThan(1);
    expect(near.length).toBeLessThan(CHART_REGIONS.length / 2);
    const miles = near.map((region) => milesToRegion(BOSTON, region.bounds));
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(miles.every((mi) => mi <= 400)).toBe(true);
    expect(near.some((region) => region.alaska)).toBe(false);
    // Every region left out is farther than 400 miles.
    const left = CHART_REGIONS.filter((region) => !near.includes(region));
    expect(left.every((region) => milesToRegion(BOSTON, region.bounds) > 400)).toBe(true);
  });

  it('from Honolulu only the Hawaiian chart is near; without a position nothing is suggested', () => {
    expect(regionsWithin(CHART_REGIONS, HONOLULU).map((region) => region.name)).toEqual(['Hawaiian Islands']);
    const ordered = orderRegions(CHART_REGIONS, null);
    expect(ordered.suggested).toEqual([]);
    expect(ordered.others).toHaveLength(CHART_REGIONS.length);
  });
});
