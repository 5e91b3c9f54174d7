import { describe, expect, it } from 'vitest';
import { topBarHeight } from './topBarHeight';

describe('topBarHeight', () => {
  it('is 58 px on a desktop', () => {
    expect(topBarHeight({ width: 1280, height: 800, path: '/app/map1' })).toBe(58);
    expect(topBarHeight({ width: 1920, height: 1080, path: '/app/airport' })).toBe(58);
  });

  it('is 116 px on a portrait phone, on any page', () => {
    expect(topBarHeight({ width: 390, height: 844, path: '/app/map1' })).toBe(116);
    expect(topBarHeight({ width: 768, height: 1024, path: '/app/sketch' })).toBe(116);
  });

  it('is 58 px on a landscape phone', () => {
    expect(topBarHeight({ width: 844, height: 390, path: '/app/airport' })).toBe(58);
  });

  it('is 116 px on a portrait tablet only on the airport, plate and route pages', () => {
    for (const path of ['/app/airport', '/app/PlateView', '/app/route']) {
      expect(topBarHeight({ width: 820, height: 1180, path })).toBe(116);
    }
    expect(topBarHeight({ width: 820, height: 1180, path: '/app/map1' })).toBe(58);
    expect(topBarHeight({ width: 1024, height: 1366, path: '/app/route' })).toBe(116);
    expect(topBarHeight({ width: 1025, height: 1366, path: '/app/route' })).toBe(58);
  });

  it('is 64 px lower on a round screen (aspect ratio 0.95 to 1.05)', () => {
    // A square phone counts as portrait: 116 − 64.
    expect(topBarHeight({ width: 480, height: 480, path: '/app/map1' })).toBe(52);
    expect(topBarHeight({ width: 475, height: 500, path: '/app/map1' })).toBe(52);
    // A square tablet on a tall page: 116 − 64; elsewhere 58 − 64, never below 0.
    expect(topBarHeight({ width: 1000, height: 1000, path: '/app/airport' })).toBe(52);
    expect(topBarHeight({ width: 1050, height: 1000, path: '/app/map1' })).toBe(0);
    // Just outside the round range.
    expect(topBarHeight({ width: 474, height: 500, path: '/app/map1' })).toBe(116);
    expect(topBarHeight({ width: 1051, height: 1000, path: '/app/map1' })).toBe(58);
  });
});
