import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFbWindsSource, decodeFbBulletin } from './index.js';

const HEADER = 'FBUS31 KWNO 310158\nVALID 310600Z   FOR USE 0200-0900Z. TEMPS NEG ABV 24000\nFT  3000    6000    9000   12000   18000   24000  30000  34000  39000\n';
const LEVELS = [3000, 6000, 9000, 12000, 18000, 24000, 30000, 34000, 39000];
/** Width of each level's column span (the level's label and the blanks before it). */
const SPAN = [4, 7, 7, 7, 7, 7, 6, 6, 6];

/** A well-formed wind for one level and the group that encodes it. */
const wind = (altitudeFt: number) =>
  fc.oneof(
    fc.constant({ group: '9900', dir: null as number | null, spd: 0 }),
    fc.record({ dir: fc.integer({ min: 1, max: 36 }), spd: fc.integer({ min: 0, max: 199 }) }).map(({ dir, spd }) => {
      const dd = spd >= 100 ? dir + 50 : dir;
      const ss = spd >= 100 ? spd - 100 : spd;
      return { group: `${String(dd).padStart(2, '0')}${String(ss).padStart(2, '0')}`, dir: dir * 10, spd };
    }),
  ).chain((w) =>
    fc.integer({ min: altitudeFt > 24000 ? -99 : -60, max: altitudeFt > 24000 ? 0 : 40 }).map((t) => {
      if (altitudeFt === 3000) return { ...w, temp: null as number | null };
      const tt = String(Math.abs(t)).padStart(2, '0');
      const group = altitudeFt > 24000 ? `${w.group}${tt}` : `${w.group}${t < 0 ? '-' : '+'}${tt}`;
      return { ...w, group, temp: altitudeFt > 24000 ? 0 - Math.abs(t) : t };
    }),
  );

describe('FB decoder properties', () => {
  it('decodes every well-formed line it is given back to its values, with no issues', () => {
    fc.assert(
      fc.property(fc.tuple(...LEVELS.map(wind)), (winds) => {
        // Groups are left-aligned in their span: one blank, then the group padded to the span width.
        const aligned = 'ABC' + winds.map((w, i) => ' ' + w.group.padEnd(SPAN[i] ?? 0)).join('');
        const r = decodeFbBulletin(HEADER + aligned);
        expect(r.issues).toEqual([]);
        const levels = r.stations[0]?.levels ?? [];
        winds.forEach((w, i) => {
          expect(levels[i]?.directionDeg).toBe(w.dir);
          expect(levels[i]?.speedKt).toBe(w.spd);
          expect(levels[i]?.temperatureC).toBe(w.temp);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary text after a valid header, and issues carry 1-based positions', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (tail) => {
        const r = decodeFbBulletin(HEADER + tail);
        for (const issue of r.issues) {
          expect(issue.line).toBeGreaterThanOrEqual(1);
          if (issue.column !== undefined) expect(issue.column).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('winds from any decoded bulletin are finite, 0-360 and no faster than the fastest input', () => {
    fc.assert(
      fc.property(
        fc.tuple(...LEVELS.map(wind)),
        fc.tuple(...LEVELS.map(wind)),
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.integer({ min: 0, max: 45000 }),
        (a, b, lon, altitudeFt) => {
          const line = (id: string, ws: { group: string }[]) => id + ws.map((w, i) => ' ' + w.group.padEnd(SPAN[i] ?? 0)).join('');
          const decoded = decodeFbBulletin(`${HEADER}${line('AAA', a)}\n${line('BBB', b)}`);
          const source = createFbWindsSource([{ decoded, year: 2026, month: 1 }], { AAA: [0, 0], BBB: [0, 2] });
          const w = source.windAt({ lat: 0, lon, altitudeFt, timeMs: Date.UTC(2026, 0, 31, 6) });
          expect(w).not.toBeNull();
          const fastest = Math.max(...a.map((x) => x.spd), ...b.map((x) => x.spd));
          expect(w?.speedKt).toBeLessThanOrEqual(fastest + 1e-9);
          expect(w?.directionDeg).toBeGreaterThanOrEqual(0);
          expect(w?.directionDeg).toBeLessThan(360);
          expect(w?.aloft).toHaveLength(6);
        },
      ),
      { numRuns: 200 },
    );
  });
});
