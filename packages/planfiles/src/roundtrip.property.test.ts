/**
 * Round trip over random routes (fast-check): a plan written in each format and read back is the same
 * route (kinds, named idents, airways where the format carries them), positions within 1e-5 degrees.
 * A failure prints the seed and the shrunk plan that reproduce it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectFormat, readPlan, writePlan } from './detect.js';
import type { FlightPlanFile, PlanFormat, PlanPoint, PlanPointKind } from './model.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const word = (n: number) => fc.string({ unit: fc.constantFrom(...LETTERS), minLength: n, maxLength: n });
const airwayArb = fc.tuple(fc.constantFrom('V', 'J', 'Q', 'T', 'UL'), fc.integer({ min: 1, max: 999 })).map(([p, n]) => `${p}${n}`);

interface PointOptions {
  /** Positions on whole minutes (the ICAO route string's precision). */
  wholeMinutes: boolean;
}

/** One point: its kind picks the ident's shape (airports 4 letters, fixes 5, navaids 3, user points U<n>). */
function pointArb(end: boolean, { wholeMinutes }: PointOptions): fc.Arbitrary<PlanPoint> {
  const kindArb: fc.Arbitrary<PlanPointKind> = end ? fc.constantFrom('airport', 'airport', 'airport', 'vor', 'fix', 'user') : fc.constantFrom('vor', 'ndb', 'fix', 'user');
  const lat = wholeMinutes ? fc.integer({ min: -89 * 60, max: 89 * 60 }).map((m) => m / 60) : fc.double({ min: -89.95, max: 89.95, noNaN: true });
  const lon = wholeMinutes ? fc.integer({ min: -179 * 60, max: 179 * 60 }).map((m) => m / 60) : fc.double({ min: -179.95, max: 179.95, noNaN: true });
  return kindArb.chain((kind) =>
    fc.record({
      ident: kind === 'airport' ? word(4) : kind === 'fix' ? word(5) : kind === 'user' ? fc.integer({ min: 1, max: 99 }).map((n) => `U${n}`) : word(3),
      kind: fc.constant(kind),
      lat,
      lon,
      altitudeFt: fc.integer({ min: 0, max: 45000 }),
      airway: end || kind === 'user' ? fc.constant(undefined) : fc.option(airwayArb, { nil: undefined, freq: 3 }),
    }),
  ).map((p) => {
    const { airway, ...rest } = p;
    return airway === undefined ? rest : { ...rest, airway };
  });
}

/** A route of 2 to 40 points; the second point is never reached by an airway (it leaves from the first). */
function planArb(options: PointOptions = { wholeMinutes: false }): fc.Arbitrary<FlightPlanFile> {
  return fc
    .tuple(pointArb(true, options), fc.array(pointArb(false, options), { maxLength: 38 }), pointArb(true, options))
    .map(([first, middle, last]) => {
      const points = [first, ...middle, last];
      if (points[1]?.airway !== undefined) delete points[1].airway;
      return { points, procedures: {} };
    });
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

const RUNS = { numRuns: 60 };

describe('round trip over random routes (fast-check)', () => {
  for (const { format, airways } of formats) {
    it(`${format}: a written plan reads back as the same route`, () => {
      fc.assert(
        fc.property(planArb(), (plan) => {
          const text = writePlan(format, plan, { created: '2026-01-01T00:00:00Z' });
          expect(detectFormat(text)).toBe(format);
          const back = readPlan(text).plan;
          expect(back.points).toHaveLength(plan.points.length);
          back.points.forEach((p, i) => {
            const q = plan.points[i]!;
            // FlightGear does not tell VOR, NDB and fix apart: it reads them as fixes for the nav database to settle.
            const kind = format === 'fgfp' && (q.kind === 'vor' || q.kind === 'ndb') ? 'fix' : q.kind;
            expect(p.kind, `point ${i}`).toBe(kind);
            if (q.kind !== 'user') expect(p.ident, `point ${i}`).toBe(q.ident);
            if (airways) expect(p.airway, `point ${i}`).toBe(q.airway);
            expect(Math.abs(p.lat - q.lat), `point ${i} lat`).toBeLessThan(1e-5);
            expect(Math.abs(p.lon - q.lon), `point ${i} lon`).toBeLessThan(1e-5);
          });
        }),
        RUNS,
      );
    });
  }

  it('msfs2024-pln: the en-route points come back (the airports are named in the header, not listed)', () => {
    fc.assert(
      fc.property(planArb(), (plan) => {
        const back = readPlan(writePlan('msfs2024-pln', plan)).plan;
        const inner = plan.points.filter((p, i) => !((i === 0 || i === plan.points.length - 1) && p.kind === 'airport'));
        expect(back.points.map((p) => p.kind)).toEqual(inner.map((p) => p.kind));
        back.points.forEach((p, i) => {
          expect(Math.abs(p.lat - inner[i]!.lat)).toBeLessThan(1e-5);
          expect(Math.abs(p.lon - inner[i]!.lon)).toBeLessThan(1e-5);
          expect(p.airway).toBe(inner[i]!.airway);
        });
        expect(back.departure).toBe(plan.departure ?? plan.points[0]!.ident);
      }),
      RUNS,
    );
  });

  it('garmin-gfp: the one-line plan reads back as the same route (named points by ident, user points to a tenth of a minute)', () => {
    fc.assert(
      fc.property(planArb({ wholeMinutes: true }), (plan) => {
        const text = writePlan('garmin-gfp', plan);
        expect(detectFormat(text)).toBe('garmin-gfp');
        const back = readPlan(text).plan;
        expect(back.points.map((p) => (p.kind === 'user' ? 'user' : p.ident))).toEqual(plan.points.map((p) => (p.kind === 'user' ? 'user' : p.ident)));
        back.points.forEach((p, i) => {
          const q = plan.points[i]!;
          const end = i === 0 || i === plan.points.length - 1;
          expect(p.kind, `point ${i}`).toBe(q.kind === 'user' ? 'user' : end && q.kind === 'airport' ? 'airport' : 'fix');
          expect(p.airway, `point ${i}`).toBe(q.airway);
          if (q.kind === 'user') {
            expect(Math.abs(p.lat - q.lat), `point ${i} lat`).toBeLessThan(1e-5);
            expect(Math.abs(p.lon - q.lon), `point ${i} lon`).toBeLessThan(1e-5);
          } else {
            expect(Number.isNaN(p.lat)).toBe(true);
          }
        });
      }),
      RUNS,
    );
  });

  it('icao-route: the route string reads back as the same route (an airway run collapses to its exit point)', () => {
    fc.assert(
      fc.property(planArb({ wholeMinutes: true }), (plan) => {
        const text = writePlan('icao-route', plan);
        expect(detectFormat(text)).toBe('icao-route');
        const back = readPlan(text).plan;
        // Points inside a run on one airway are not written: the airway and its exit point stand for them.
        const kept = plan.points.filter((p, i) => !(p.airway !== undefined && plan.points[i + 1]?.airway === p.airway));
        expect(back.points.map((p) => (p.kind === 'user' ? 'user' : p.ident))).toEqual(kept.map((p) => (p.kind === 'user' ? 'user' : p.ident)));
        back.points.forEach((p, i) => {
          const q = kept[i]!;
          const end = i === 0 || i === kept.length - 1;
          // Named points travel without a kind or position; the ends' 4-letter codes are taken as airports.
          expect(p.kind, `point ${i}`).toBe(q.kind === 'user' ? 'user' : end && q.kind === 'airport' ? 'airport' : 'fix');
          expect(p.airway, `point ${i}`).toBe(q.airway);
          if (q.kind === 'user') {
            expect(Math.abs(p.lat - q.lat), `point ${i} lat`).toBeLessThan(1e-5);
            expect(Math.abs(p.lon - q.lon), `point ${i} lon`).toBeLessThan(1e-5);
          } else {
            expect(Number.isNaN(p.lat)).toBe(true);
          }
        });
      }),
      RUNS,
    );
  });
});
