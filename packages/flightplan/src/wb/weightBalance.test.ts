import { describe, expect, it } from 'vitest';
import { computeWb, inPolygon } from './weightBalance.js';
import { cessna172sTemplate } from './templates.js';

describe('computeWb, Cessna 172S template', () => {
  // Hand-checked: empty 1642 lb, moment 62600 lb·in (arm 38.12 in).
  const profile = cessna172sTemplate(1642, 62600);

  it('a normal loading: weights, moments and CGs worked by hand, inside normal, takeoff outside utility', () => {
    const r = computeWb(profile, { loads: { front: 340, baggageA: 50, fuel: 40 }, fuelBurnGal: 25, taxiFuelGal: 1.4 });
    // Zero fuel: 1642 + 340 + 50 = 2032 lb; 62600 + 340·37 + 50·95 = 79930 lb·in.
    expect(r.zeroFuel.weightLb).toBe(2032);
    expect(r.zeroFuel.momentLbIn).toBe(79930);
    expect(r.zeroFuel.cgIn).toBeCloseTo(39.336, 3);
    // Ramp: + 40 gal · 6 = 240 lb at 48 in → 2272 lb, 91450 lb·in.
    expect(r.ramp.weightLb).toBe(2272);
    expect(r.ramp.momentLbIn).toBe(91450);
    // Takeoff: − 1.4 gal (8.4 lb, 403.2 lb·in) → 2263.6 lb, 91046.8 lb·in, CG 40.222 in.
    expect(r.takeoff.weightLb).toBeCloseTo(2263.6, 9);
    expect(r.takeoff.cgIn).toBeCloseTo(91046.8 / 2263.6, 9);
    expect(r.takeoff.within).toEqual({ normal: true, utility: false });
    // Landing: − 25 gal more (150 lb, 7200 lb·in) → 2113.6 lb, 83846.8 lb·in: CG 39.670, inside utility (aft 40.5, fwd 36.64).
    expect(r.landing.weightLb).toBeCloseTo(2113.6, 9);
    expect(r.landing.cgIn).toBeCloseTo(83846.8 / 2113.6, 9);
    expect(r.landing.within).toEqual({ normal: true, utility: true });
    expect(r.problems).toEqual([]);
  });

  it('over weight: said plainly (worked by hand: zero fuel 2532 lb, 117870 lb·in)', () => {
    const r = computeWb(profile, { loads: { front: 400, rear: 340, baggageA: 100, baggageB: 50, fuel: 53 }, fuelBurnGal: 30 });
    expect(r.zeroFuel.cgIn).toBeCloseTo(117870 / 2532, 9);
    expect(r.zeroFuel.within.normal).toBe(true);
    expect(r.problems).toEqual([
      'Baggage areas A and B: 150 lb is over the combined 120 lb limit.',
      'Ramp weight 2850 lb is over the 2558 lb maximum.',
      'Takeoff weight 2850 lb is over the 2550 lb maximum.',
      'Landing weight 2670 lb is over the 2550 lb maximum.',
      'Takeoff CG 46.71 in at 2850 lb is outside the normal category envelope.',
      'Landing CG 46.63 in at 2670 lb is outside the normal category envelope.',
    ]);
  });

  it('under the maximum weight but aft of the 47.3 in limit (zero fuel 2282 lb, 109040 lb·in: 47.78 in)', () => {
    const r = computeWb(profile, { loads: { front: 120, rear: 400, baggageA: 70, baggageB: 50, fuel: 5 }, fuelBurnGal: 4 });
    expect(r.problems).toEqual([
      'Takeoff CG 47.79 in at 2312 lb is outside the normal category envelope.',
      'Landing CG 47.78 in at 2288 lb is outside the normal category envelope.',
      'Zero-fuel CG 47.78 in at 2282 lb is outside the normal category envelope.',
    ]);
  });

  it('station limits and unknown stations', () => {
    expect(computeWb(profile, { loads: { fuel: 60, baggageB: 60 }, fuelBurnGal: 70 }).problems.slice(0, 3)).toEqual([
      'Baggage area B: 60 lb is over its 50 lb limit.',
      'Fuel (usable): 60 gal is over its 53 gal limit.',
      'Fuel: 60 gal on board is less than the 70 gal taxi and trip burn.',
    ]);
    expect(() => computeWb(profile, { loads: { cargo: 10 }, fuelBurnGal: 0 })).toThrow('Weight and balance: no station "cargo" in Cessna 172S (stations: front, rear, baggageA, baggageB, fuel)');
  });
});

describe('envelope edges', () => {
  const normal = cessna172sTemplate().envelopes[0]!.points;
  it('corners and edges are inside; a hair beyond is outside', () => {
    expect(inPolygon(35, 1950, normal)).toBe(true);
    expect(inPolygon(41, 2550, normal)).toBe(true);
    expect(inPolygon(47.3, 2000, normal)).toBe(true);
    expect(inPolygon(47.3001, 2000, normal)).toBe(false);
    // Forward limit between 1950 and 2550 lb: 35 + (w − 1950)/100 in.
    expect(inPolygon(38, 2250, normal)).toBe(true);
    expect(inPolygon(37.999, 2250, normal)).toBe(false);
    expect(inPolygon(40, 2550.01, normal)).toBe(false);
    expect(inPolygon(40, 1499.99, normal)).toBe(false);
  });
});
