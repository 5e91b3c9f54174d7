import { describe, expect, it } from 'vitest';
import { computeWb, inPolygon } from './weightBalance.js';
import { cessna152Template, piperArcherTemplate, WB_TEMPLATES } from './templates.js';

// Every figure below is worked by hand from the template's document values (arms, limits), not from
// computeWb run a second time.

describe('Cessna 152 template (TCDS 3A19, POH Sections 2 and 6)', () => {
  // Example empty weight 1110 lb at 30.5 in: moment 33855 lb·in.
  const profile = cessna152Template(1110, 33855);

  it('a solo-plus-instructor loading: inside the utility envelope', () => {
    const r = computeWb(profile, { loads: { front: 340, baggage1: 20, fuel: 24.5 }, fuelBurnGal: 10, taxiFuelGal: 0.8 });
    // Zero fuel: 1110 + 340 + 20 = 1470 lb; 33855 + 340·39 + 20·64 = 48395 lb·in.
    expect(r.zeroFuel.weightLb).toBe(1470);
    expect(r.zeroFuel.momentLbIn).toBe(48395);
    // Ramp: + 24.5 gal · 6 = 147 lb at 42 in (6174 lb·in) → 1617 lb, 54569 lb·in.
    expect(r.ramp.weightLb).toBeCloseTo(1617, 9);
    expect(r.ramp.momentLbIn).toBeCloseTo(54569, 9);
    // Takeoff: − 0.8 gal (4.8 lb, 201.6 lb·in) → 1612.2 lb, 54367.4 lb·in: CG 33.722 in; the forward limit there is
    // 31 + 262.2 · 1.65/320 = 32.352 in.
    expect(r.takeoff.weightLb).toBeCloseTo(1612.2, 9);
    expect(r.takeoff.cgIn).toBeCloseTo(54367.4 / 1612.2, 9);
    // Landing: − 10 gal (60 lb, 2520 lb·in) → 1552.2 lb, 51847.4 lb·in.
    expect(r.landing.weightLb).toBeCloseTo(1552.2, 9);
    expect(r.landing.momentLbIn).toBeCloseTo(51847.4, 9);
    expect(r.takeoff.within).toEqual({ utility: true });
    expect(r.problems).toEqual([]);
  });

  it('two heavy people and full baggage: every limit said plainly against the utility envelope', () => {
    const r = computeWb(profile, { loads: { front: 400, baggage1: 100, baggage2: 40, fuel: 24.5 }, fuelBurnGal: 5 });
    // Zero fuel 1650 lb, 33855 + 15600 + 6400 + 3360 = 59215 lb·in (35.888 in: inside, forward limit 32.547 in).
    expect(r.zeroFuel.momentLbIn).toBe(59215);
    expect(r.zeroFuel.within.utility).toBe(true);
    // Takeoff 1797 lb, 65389 lb·in (36.388 in); landing 1767 lb, 64129 lb·in (36.293 in): over 1670 lb.
    expect(r.problems).toEqual([
      'Baggage areas 1 and 2: 140 lb is over the combined 120 lb limit.',
      'Ramp weight 1797 lb is over the 1675 lb maximum.',
      'Takeoff weight 1797 lb is over the 1670 lb maximum.',
      'Landing weight 1767 lb is over the 1670 lb maximum.',
      'Takeoff CG 36.39 in at 1797 lb is outside the utility category envelope.',
      'Landing CG 36.29 in at 1767 lb is outside the utility category envelope.',
    ]);
  });

  it('envelope edges: the sloping forward limit, the aft limit and the maximum weight', () => {
    const env = profile.envelopes[0]!.points;
    // Forward limit at 1510 lb: 31 + 160 · 1.65/320 = 31.825 in.
    expect(inPolygon(31.825, 1510, env)).toBe(true);
    expect(inPolygon(31.824, 1510, env)).toBe(false);
    expect(inPolygon(31, 1350, env)).toBe(true);
    expect(inPolygon(30.999, 1300, env)).toBe(false);
    expect(inPolygon(36.5, 1670, env)).toBe(true);
    expect(inPolygon(36.5001, 1500, env)).toBe(false);
    expect(inPolygon(34, 1670.01, env)).toBe(false);
  });
});

describe('Piper PA-28-181 Archer II template (TCDS 2A13, POH Sections 2 and 6)', () => {
  // Example empty weight 1590 lb at 86.4 in: moment 137376 lb·in.
  const profile = piperArcherTemplate(1590, 137376);

  it('three people, some baggage, full fuel: inside the normal envelope', () => {
    const r = computeWb(profile, { loads: { front: 340, rear: 170, baggage: 50, fuel: 48 }, fuelBurnGal: 30, taxiFuelGal: 1.2 });
    // Zero fuel: 1590 + 560 = 2150 lb; 137376 + 340·80.5 + 170·118.1 + 50·142.8 = 191963 lb·in (89.285 in).
    expect(r.zeroFuel.weightLb).toBe(2150);
    expect(r.zeroFuel.momentLbIn).toBeCloseTo(191963, 9);
    // Ramp: + 48 gal · 6 = 288 lb at 95 in (27360 lb·in) → 2438 lb, 219323 lb·in.
    expect(r.ramp.weightLb).toBe(2438);
    expect(r.ramp.momentLbIn).toBeCloseTo(219323, 9);
    // Takeoff: − 1.2 gal (7.2 lb, 684 lb·in) → 2430.8 lb, 218639 lb·in; landing − 30 gal (180 lb, 17100) → 2250.8 lb, 201539 lb·in.
    expect(r.takeoff.weightLb).toBeCloseTo(2430.8, 9);
    expect(r.takeoff.momentLbIn).toBeCloseTo(218639, 9);
    expect(r.landing.weightLb).toBeCloseTo(2250.8, 9);
    expect(r.landing.cgIn).toBeCloseTo(201539 / 2250.8, 9);
    expect(r.takeoff.within).toEqual({ normal: true });
    expect(r.problems).toEqual([]);
  });

  it('a light pilot with heavy rear passengers and full baggage: aft of 93.0 in', () => {
    const r = computeWb(profile, { loads: { front: 170, rear: 340, baggage: 200, fuel: 10 }, fuelBurnGal: 5 });
    // Zero fuel 2300 lb, 137376 + 13685 + 40154 + 28560 = 219775 lb·in (95.55 in); takeoff + 60 lb at 95 →
    // 2360 lb, 225475 lb·in (95.54 in); landing − 30 lb → 2330 lb, 222625 lb·in (95.55 in).
    expect(r.zeroFuel.momentLbIn).toBeCloseTo(219775, 9);
    expect(r.problems).toEqual([
      'Takeoff CG 95.54 in at 2360 lb is outside the normal category envelope.',
      'Landing CG 95.55 in at 2330 lb is outside the normal category envelope.',
      'Zero-fuel CG 95.55 in at 2300 lb is outside the normal category envelope.',
    ]);
  });

  it('envelope edges: the sloping forward limit, the aft limit and the maximum weight', () => {
    const env = profile.envelopes[0]!.points;
    // Forward limit at 2300 lb: 82 + 250 · 6.6/500 = 85.3 in.
    expect(inPolygon(85.3, 2300, env)).toBe(true);
    expect(inPolygon(85.299, 2300, env)).toBe(false);
    expect(inPolygon(82, 2050, env)).toBe(true);
    expect(inPolygon(81.999, 1800, env)).toBe(false);
    expect(inPolygon(93, 2550, env)).toBe(true);
    expect(inPolygon(93.001, 2000, env)).toBe(false);
    expect(inPolygon(90, 2550.01, env)).toBe(false);
  });
});

describe('WB_TEMPLATES', () => {
  it('each names its source document and has its station ids unique', () => {
    for (const { make } of Object.values(WB_TEMPLATES)) {
      const p = make();
      expect(p.source).toMatch(/Pilot's Operating Handbook/);
      expect(new Set(p.stations.map((s) => s.id)).size).toBe(p.stations.length);
    }
    expect(Object.keys(WB_TEMPLATES)).toEqual(['c172s', 'c152', 'pa28181']);
  });
});
