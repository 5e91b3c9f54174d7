import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AIRAC_ANCHOR,
  cycleAt,
  cycleById,
  cycleIdProblem,
  cyclesInYear,
  nextCycle,
  offsetCycle,
  previousCycle,
  requireCycle,
} from './airac.js';

/**
 * Published cycles and their effective dates: the anchor, the CIFP test file ("VOLUME 2003 EFFECTIVE
 * 27 FEB 2020"), the NASR excerpts (EFF 2025/09/04), year ends and the FAA file names seen in use
 * (cifp_181011.zip, 28DaySubscription_Effective_2022-12-29, 2025-11-27, 2026-07-09 ...).
 */
const KNOWN: readonly (readonly [id: string, effective: string])[] = [
  ['1811', '2018-10-11'],
  ['1901', '2019-01-03'],
  ['1913', '2019-12-05'],
  ['2001', '2020-01-02'],
  ['2002', '2020-01-30'],
  ['2003', '2020-02-27'],
  ['2012', '2020-11-05'],
  ['2014', '2020-12-31'],
  ['2101', '2021-01-28'],
  ['2213', '2022-12-29'],
  ['2501', '2025-01-23'],
  ['2502', '2025-02-20'],
  ['2509', '2025-09-04'],
  ['2510', '2025-10-02'],
  ['2511', '2025-10-30'],
  ['2512', '2025-11-27'],
  ['2513', '2025-12-25'],
  ['2601', '2026-01-22'],
  ['2607', '2026-07-09'],
  ['2609', '2026-09-03'],
];

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('AIRAC cycles', () => {
  it('is anchored on cycle 2001, effective 2020-01-02', () => {
    expect(cycleById(AIRAC_ANCHOR.id)?.effective).toBe(AIRAC_ANCHOR.effective);
  });

  it.each(KNOWN)('finds cycle %s effective %s by id and by date', (id, effective) => {
    const cycle = cycleById(id);
    expect(cycle?.effective).toBe(effective);
    expect(cycle?.expires).toBe(addDays(effective, 28));
    expect(cycleAt(new Date(`${effective}T00:00:00Z`)).id).toBe(id);
    expect(cycleAt(new Date(`${effective}T23:59:59Z`)).id).toBe(id);
    // The last instant before the effective date belongs to the previous cycle.
    expect(cycleAt(new Date(Date.parse(`${effective}T00:00:00Z`) - 1)).id).not.toBe(id);
  });

  it('gives the whole record of a cycle', () => {
    expect(cycleById('2509')).toEqual({
      id: '2509',
      year: 2025,
      ordinal: 9,
      effective: '2025-09-04',
      expires: '2025-10-02',
      effectiveMs: Date.UTC(2025, 8, 4),
      expiresMs: Date.UTC(2025, 9, 2),
    });
  });

  it('knows the cycle in force on a day inside it', () => {
    expect(cycleAt(new Date('2025-09-20T12:00:00Z')).id).toBe('2509');
    expect(cycleAt(new Date('2025-10-01T23:59:59.999Z')).id).toBe('2509');
    expect(cycleAt(new Date('2025-10-02T00:00:00Z')).id).toBe('2510');
    // New Year's Day belongs to the last cycle of the year before.
    expect(cycleAt(new Date('2026-01-01T00:00:00Z')).id).toBe('2513');
    expect(cycleAt(new Date('2021-01-01T00:00:00Z')).id).toBe('2014');
  });

  it('steps to the next and previous cycle across year ends', () => {
    expect(nextCycle(requireCycle('2513')).id).toBe('2601');
    expect(previousCycle(requireCycle('2601')).id).toBe('2513');
    expect(nextCycle(requireCycle('2013')).id).toBe('2014');
    expect(nextCycle(requireCycle('2014')).id).toBe('2101');
    expect(previousCycle(requireCycle('2001')).id).toBe('1913');
    expect(offsetCycle(requireCycle('2509'), 4).id).toBe('2513');
  });

  it('counts 13 cycles a year and 14 in the years that have one more', () => {
    expect(cyclesInYear(2020)).toBe(14);
    expect(cyclesInYear(2025)).toBe(13);
    expect(cyclesInYear(2026)).toBe(13);
    expect(cycleById('2014')?.effective).toBe('2020-12-31');
  });

  it('rejects ids that name no cycle, saying why', () => {
    expect(cycleById('2514')).toBeNull();
    expect(cycleIdProblem('2514')).toBe('AIRAC cycle "2514" does not exist: 2025 has 13 cycles (2501 to 2513)');
    expect(cycleById('2500')).toBeNull();
    expect(cycleIdProblem('25-9')).toBe('AIRAC cycle "25-9" is not a cycle id: expected YYNN, e.g. 2509');
    expect(cycleIdProblem('2509')).toBeNull();
    expect(() => requireCycle('2099')).toThrow(/does not exist/);
  });

  it('rejects an invalid date as a programming error', () => {
    expect(() => cycleAt(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('AIRAC cycle properties', () => {
  // Any instant from 2000 to 2099 (ids are two-digit years).
  const instants = fc.integer({ min: Date.UTC(2000, 1, 1), max: Date.UTC(2099, 10, 1) }).map((ms) => new Date(ms));

  it('puts every instant inside the cycle found for it, 28 days long, effective on a Thursday', () => {
    fc.assert(
      fc.property(instants, (date) => {
        const cycle = cycleAt(date);
        expect(cycle.effectiveMs).toBeLessThanOrEqual(date.getTime());
        expect(date.getTime()).toBeLessThan(cycle.expiresMs);
        expect(cycle.expiresMs - cycle.effectiveMs).toBe(28 * 86_400_000);
        expect(new Date(cycle.effectiveMs).getUTCDay()).toBe(4);
        expect(cycle.year).toBe(Number(cycle.effective.slice(0, 4)));
      }),
    );
  });

  it('round-trips ids and steps', () => {
    fc.assert(
      fc.property(instants, (date) => {
        const cycle = cycleAt(date);
        expect(cycleById(cycle.id)).toEqual(cycle);
        expect(previousCycle(nextCycle(cycle))).toEqual(cycle);
        expect(nextCycle(cycle).effective).toBe(cycle.expires);
        const next = nextCycle(cycle);
        // Ordinals count up within a year and restart at 1 with a new year.
        expect(next.ordinal).toBe(next.year === cycle.year ? cycle.ordinal + 1 : 1);
      }),
    );
  });
});
