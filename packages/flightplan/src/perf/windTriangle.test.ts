import { describe, expect, it } from 'vitest';
import { isaTemperatureC, windTriangle } from './windTriangle.js';

describe('wind triangle (hand-worked)', () => {
  it('course 090, TAS 120, wind 360/20: WCA -9.6°, GS 118.3 kt', () => {
    // Wind from 360 relative to course 090 is -90°: WCA = asin(20·sin(-90°)/120) = asin(-1/6) = -9.594°.
    // GS = 120·cos(9.594°) − 20·cos(-90°) = 120·0.98601 − 0 = 118.32 kt. Heading 090 − 9.6 = 080.4.
    const r = windTriangle(90, 120, 360, 20);
    expect(r.wcaDeg).toBeCloseTo(-9.594, 3);
    expect(r.gsKt).toBeCloseTo(118.32, 2);
    expect(r.headingDegTrue).toBeCloseTo(80.406, 3);
    expect(r.ok).toBe(true);
  });

  it('a direct headwind and tailwind change only the ground speed', () => {
    // Course 360, wind 360/30: relative 0°, WCA 0, GS = 100 − 30 = 70.
    expect(windTriangle(360, 100, 360, 30)).toMatchObject({ wcaDeg: 0, gsKt: 70, ok: true });
    // Course 180, wind 360/30: relative 180°, cos = −1, GS = 100 + 30 = 130.
    const tail = windTriangle(180, 100, 360, 30);
    expect(tail.wcaDeg).toBeCloseTo(0, 9);
    expect(tail.gsKt).toBeCloseTo(130, 9);
  });

  it('course 045, TAS 150, wind 090/25: WCA +6.77°, GS 131.3 kt', () => {
    // Relative 45°: WCA = asin(25·0.70711/150) = asin(0.117851) = 6.768°.
    // GS = 150·cos(6.768°) − 25·cos(45°) = 150·0.993031 − 17.678 = 148.955 − 17.678 = 131.28 kt.
    const r = windTriangle(45, 150, 90, 25);
    expect(r.wcaDeg).toBeCloseTo(6.768, 3);
    expect(r.gsKt).toBeCloseTo(131.28, 2);
  });

  it('course 270, TAS 100, wind 225/40 (quartering headwind from the left)', () => {
    // Relative −45°: WCA = asin(40·(−0.70711)/100) = asin(−0.282843) = −16.430°.
    // GS = 100·cos(16.430°) − 40·cos(45°) = 100·0.959166 − 28.284 = 67.63 kt.
    const r = windTriangle(270, 100, 225, 40);
    expect(r.wcaDeg).toBeCloseTo(-16.43, 2);
    expect(r.gsKt).toBeCloseTo(67.63, 2);
    expect(r.headingDegTrue).toBeCloseTo(253.57, 2);
  });

  it('calm air gives TAS and no correction; wind stronger than TAS across the course is an error', () => {
    expect(windTriangle(123, 140, 0, 0)).toEqual({ wcaDeg: 0, headingDegTrue: 123, gsKt: 140, ok: true });
    expect(windTriangle(360, 30, 90, 40)).toMatchObject({ gsKt: 0, ok: false });
    // A headwind equal to the airspeed: GS 0, not ok (the spec accepts GS only when positive).
    expect(windTriangle(360, 50, 360, 50)).toMatchObject({ gsKt: 0, ok: false });
  });
});

describe('ISA', () => {
  it('is 15 °C at sea level and falls 1.98 °C per 1,000 ft', () => {
    expect(isaTemperatureC(0)).toBe(15);
    expect(isaTemperatureC(10_000)).toBeCloseTo(-4.8, 9);
  });
});
