import { describe, expect, it } from 'vitest';
import { greatCircleDistanceNm, NM_PER_DEG, nearestForBlend } from './index.js';

// Points due north of the query point (0, 0): their distance is the latitude in nm.
const north = (id: string, nm: number): { id: string; lat: number; lon: number } => ({ id, lat: nm / NM_PER_DEG, lon: 0 });
const ids = (kept: readonly { item: { id: string } }[]): string[] => kept.map((k) => k.item.id);

describe('nearestForBlend', () => {
  it('keeps the nearest `count` (default 3), nearest first, with their great-circle distances', () => {
    const items = [north('d', 40), north('a', 10), north('c', 30), north('b', 20), { id: 'e', lat: 0, lon: 50 / NM_PER_DEG }];
    const kept = nearestForBlend(items, 0, 0);
    expect(ids(kept)).toEqual(['a', 'b', 'c']);
    for (const k of kept) expect(k.distanceNm).toBe(greatCircleDistanceNm(0, 0, k.item.lat, k.item.lon));
    expect(kept[0]!.distanceNm).toBeCloseTo(10, 9);
    expect(ids(nearestForBlend(items, 0, 0, { count: 5 }))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids(nearestForBlend(items, 0, 0, { count: 0 }))).toEqual(['a']);
  });

  it('leaves out items beyond maxDistanceNm (default 300), east-west as well as north-south', () => {
    const items = [north('far', 301), { id: 'east', lat: 0, lon: 299 / NM_PER_DEG }, { id: 'west', lat: 0, lon: -301 / NM_PER_DEG }];
    expect(ids(nearestForBlend(items, 0, 0))).toEqual(['east']);
    expect(ids(nearestForBlend(items, 0, 0, { maxDistanceNm: 302 }))).toEqual(['east', 'far', 'west']);
    expect(nearestForBlend(items, 0, 0, { maxDistanceNm: 100 })).toEqual([]);
    expect(nearestForBlend([], 0, 0)).toEqual([]);
  });

  it('keeps the nearest alone, weight 1, when it is closer than aloneWithinNm (default 0.01)', () => {
    const items = [north('b', 20), north('at', 0.005), north('c', 30)];
    expect(nearestForBlend(items, 0, 0)).toEqual([{ item: items[1], distanceNm: greatCircleDistanceNm(0, 0, items[1]!.lat, 0), weight: 1 }]);
    expect(ids(nearestForBlend(items, 0, 0, { aloneWithinNm: 0.001 }))).toEqual(['at', 'b', 'c']);
    expect(ids(nearestForBlend([north('x', 5), north('y', 6)], 0, 0, { aloneWithinNm: 5.5 }))).toEqual(['x']);
  });

  it('keeps the earlier of items at the same distance first, as a stable sort would', () => {
    const items = [north('a', 20), { id: 'b', lat: -20 / NM_PER_DEG, lon: 0 }, north('c', 20), north('d', 10)];
    expect(ids(nearestForBlend(items, 0, 0))).toEqual(['d', 'a', 'b']);
    expect(ids(nearestForBlend(items, 0, 0, { count: 4 }))).toEqual(['d', 'a', 'b', 'c']);
    const byStableSort = items
      .map((item) => ({ item, d: greatCircleDistanceNm(0, 0, item.lat, item.lon) }))
      .sort((x, y) => x.d - y.d)
      .map((x) => x.item.id);
    expect(ids(nearestForBlend(items, 0, 0, { count: 4 }))).toEqual(byStableSort);
  });

  it('weighs by inverse distance squared; one item kept weighs 1', () => {
    const kept = nearestForBlend([north('a', 10), north('b', 20)], 0, 0);
    expect(kept.map((k) => k.weight)).toEqual(kept.map((k) => 1 / (k.distanceNm * k.distanceNm)));
    expect(kept[0]!.weight / kept[1]!.weight).toBeCloseTo(4, 9);
    expect(nearestForBlend([north('a', 10), north('b', 400)], 0, 0)).toEqual([{ item: north('a', 10), distanceNm: greatCircleDistanceNm(0, 0, 10 / NM_PER_DEG, 0), weight: 1 }]);
    expect(nearestForBlend([north('a', 10), north('b', 20)], 0, 0, { count: 1 })[0]!.weight).toBe(1);
  });

  it('finds the same items as a full sort over scattered points', () => {
    // A fixed pseudo-random spread (no global randomness in the packages' tests).
    let seed = 7;
    const next = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const items = Array.from({ length: 200 }, (_, i) => ({ id: String(i), lat: 30 + next() * 15, lon: -110 + next() * 25 }));
    for (let q = 0; q < 20; q++) {
      const lat = 32 + next() * 10;
      const lon = -105 + next() * 15;
      const sorted = items
        .map((item) => ({ item, d: greatCircleDistanceNm(lat, lon, item.lat, item.lon) }))
        .filter((x) => x.d <= 300)
        .sort((x, y) => x.d - y.d)
        .slice(0, 3);
      expect(nearestForBlend(items, lat, lon).map((k) => [k.item.id, k.distanceNm])).toEqual(sorted.map((x) => [x.item.id, x.d]));
    }
  });
});
