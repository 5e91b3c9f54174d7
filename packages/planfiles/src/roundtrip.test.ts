/**
 * Round trip over random routes: a plan written in each format and read back is the same route
 * (kinds, named idents, airways where the format carries them), positions within 1e-5 degrees.
 * A seeded generator, so a failure names the seed that reproduces it.
 */
import { describe, expect, it } from 'vitest';
import { detectFormat, readPlan, writePlan } from './detect.js';
import type { FlightPlanFile, PlanFormat, PlanPoint, PlanPointKind } from './model.js';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function randomPlan(seed: number): FlightPlanFile {
  const r = rng(seed);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const word = (n: number) => Array.from({ length: n }, () => pick([...LETTERS])).join('');
  const place = () => ({ lat: Number((r() * 179.9 - 89.95).toFixed(7)), lon: Number((r() * 359.9 - 179.95).toFixed(7)) });
  const n = 2 + Math.floor(r() * 30);
  const points: PlanPoint[] = [];
  for (let i = 0; i < n; i++) {
    const end = i === 0 || i === n - 1;
    const kind: PlanPointKind = end && r() < 0.8 ? 'airport' : pick(['vor', 'ndb', 'fix', 'user'] as const);
    const ident = kind === 'airport' ? word(4) : kind === 'fix' ? word(5) : kind === 'user' ? `U${i}` : word(3);
    const p: PlanPoint = { ident, kind, ...place(), altitudeFt: Math.round(r() * 40000) };
    if (!end && kind !== 'user' && i > 1 && r() < 0.3) p.airway = `${pick(['V', 'J', 'Q', 'UL'])}${1 + Math.floor(r() * 900)}`;
    points.push(p);
  }
  return { points, procedures: {} };
}

const formats: { format: PlanFormat; airways: boolean }[] = [
  { format: 'xplane-fms', airways: true },
  { format: 'garmin-fpl', airways: false },
  { format: 'fsx-pln', airways: true },
  { format: 'msfs2020-pln', airways: true },
  { format: 'lnmpln', airways: true },
  { format: 'fgfp', airways: true },
  { format: 'gpx', airways: false },
];

describe('round trip over random routes', () => {
  for (const { format, airways } of formats) {
    it(`${format}: 60 random routes come back the same`, () => {
      for (let seed = 1; seed <= 60; seed++) {
        const plan = randomPlan(seed * 7919);
        const text = writePlan(format, plan, { created: '2026-01-01T00:00:00Z' });
        expect(detectFormat(text), `seed ${seed * 7919}`).toBe(format);
        const back = readPlan(text).plan;
        expect(back.points, `seed ${seed * 7919}`).toHaveLength(plan.points.length);
        back.points.forEach((p, i) => {
          const q = plan.points[i]!;
          const where = `seed ${seed * 7919} point ${i}`;
          // FlightGear does not tell VOR, NDB and fix apart: it reads them as fixes for the nav database to settle.
          const kind = format === 'fgfp' && (q.kind === 'vor' || q.kind === 'ndb') ? 'fix' : q.kind;
          expect(p.kind, where).toBe(kind);
          if (q.kind !== 'user') expect(p.ident, where).toBe(q.ident);
          if (airways) expect(p.airway, where).toBe(q.airway);
          expect(Math.abs(p.lat - q.lat), where).toBeLessThan(1e-5);
          expect(Math.abs(p.lon - q.lon), where).toBeLessThan(1e-5);
        });
      }
    });
  }

  it('msfs2024-pln: the en-route points come back (the airports are named in the header, not listed)', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const plan = randomPlan(seed * 104729);
      const back = readPlan(writePlan('msfs2024-pln', plan)).plan;
      const inner = plan.points.filter((p, i) => !((i === 0 || i === plan.points.length - 1) && p.kind === 'airport'));
      expect(back.points.map((p) => p.kind)).toEqual(inner.map((p) => p.kind));
      back.points.forEach((p, i) => {
        expect(Math.abs(p.lat - inner[i]!.lat)).toBeLessThan(1e-5);
        expect(Math.abs(p.lon - inner[i]!.lon)).toBeLessThan(1e-5);
        expect(p.airway).toBe(inner[i]!.airway);
      });
      expect(back.departure).toBe(plan.departure ?? plan.points[0]!.ident);
    }
  });
});
