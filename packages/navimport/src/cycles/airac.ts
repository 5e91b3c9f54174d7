/**
 * The AIRAC calendar: a new cycle every 28 days, worldwide, since long before any data we read. Pure
 * date arithmetic with no clock: callers pass the date they mean. Dates are UTC calendar days; a
 * cycle is taken to start at 00:00Z of its effective date (the FAA's "effective" day; the ICAO switch
 * is at 0901Z the same day, a difference this app does not need).
 */

import { DAY_MS, isoDay } from '@clearway/navdb';

/** One AIRAC cycle. */
export interface AiracCycle {
  /** `YYNN`: two-digit year of the effective date and the cycle's 1-based ordinal in that year, e.g. `2509`. */
  id: string;
  /** Four-digit year of the effective date. */
  year: number;
  /** 1-based ordinal within the year (1..13, or 14 in the years that have a 14th cycle, e.g. 2020). */
  ordinal: number;
  /** Effective date, `YYYY-MM-DD` (UTC). */
  effective: string;
  /** Expiry date, `YYYY-MM-DD` (UTC): the next cycle's effective date, the first day this one is not in force. */
  expires: string;
  /** Effective instant, epoch milliseconds (00:00Z of the effective date). */
  effectiveMs: number;
  /** Expiry instant, epoch milliseconds (00:00Z of the expiry date). */
  expiresMs: number;
}

/** Length of a cycle, days. */
export const AIRAC_CYCLE_DAYS = 28;
const CYCLE_MS = AIRAC_CYCLE_DAYS * DAY_MS;

/** The anchor of the calendar: cycle 2001 became effective on 2020-01-02. */
export const AIRAC_ANCHOR = { id: '2001', effective: '2020-01-02' } as const;
const ANCHOR_MS = Date.UTC(2020, 0, 2);

const CYCLE_ID = /^(\d{2})(\d{2})$/;

export { isoDay };

/** Number of whole cycles from the anchor to the cycle in force at `ms` (negative before 2020-01-02). */
function serialAt(ms: number): number {
  return Math.floor((ms - ANCHOR_MS) / CYCLE_MS);
}

/** Serial of the first cycle whose effective date falls in `year`. */
function firstSerialOfYear(year: number): number {
  return Math.ceil((Date.UTC(year, 0, 1) - ANCHOR_MS) / CYCLE_MS);
}

/** The cycle with a given serial (cycles since the anchor). */
function cycleOfSerial(serial: number): AiracCycle {
  const effectiveMs = ANCHOR_MS + serial * CYCLE_MS;
  const year = new Date(effectiveMs).getUTCFullYear();
  const ordinal = serial - firstSerialOfYear(year) + 1;
  return {
    id: `${String(year % 100).padStart(2, '0')}${String(ordinal).padStart(2, '0')}`,
    year,
    ordinal,
    effective: isoDay(effectiveMs),
    expires: isoDay(effectiveMs + CYCLE_MS),
    effectiveMs,
    expiresMs: effectiveMs + CYCLE_MS,
  };
}

/**
 * The cycle in force at `date`: its effective date is on or before `date` (UTC day) and its expiry
 * date after it.
 */
export function cycleAt(date: Date): AiracCycle {
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new RangeError('cycleAt: invalid date');
  return cycleOfSerial(serialAt(ms));
}

/** How many cycles become effective in `year` (13 in most years, 14 in some, e.g. 2020). */
export function cyclesInYear(year: number): number {
  return firstSerialOfYear(year + 1) - firstSerialOfYear(year);
}

/**
 * Why `id` names no AIRAC cycle, or null when it does. Ids are `YYNN` for the years 2000 to 2099.
 * E.g. `'2514'` -> `AIRAC cycle "2514" does not exist: 2025 has 13 cycles (2501 to 2513)`.
 */
export function cycleIdProblem(id: string): string | null {
  const match = CYCLE_ID.exec(id);
  if (!match) return `AIRAC cycle "${id}" is not a cycle id: expected YYNN, e.g. 2509`;
  const year = 2000 + Number(match[1]);
  const ordinal = Number(match[2]);
  const count = cyclesInYear(year);
  if (ordinal < 1 || ordinal > count) {
    const yy = String(year % 100).padStart(2, '0');
    return `AIRAC cycle "${id}" does not exist: ${year} has ${count} cycles (${yy}01 to ${yy}${String(count).padStart(2, '0')})`;
  }
  return null;
}

/** The cycle with id `YYNN` (e.g. `'2511'`), or null when no such cycle exists (see cycleIdProblem). */
export function cycleById(id: string): AiracCycle | null {
  if (cycleIdProblem(id) !== null) return null;
  const year = 2000 + Number(id.slice(0, 2));
  return cycleOfSerial(firstSerialOfYear(year) + Number(id.slice(2)) - 1);
}

/**
 * Like cycleById for callers that hold an id they trust (constants, ids read back from artifacts).
 * @throws RangeError with cycleIdProblem's message.
 */
export function requireCycle(id: string): AiracCycle {
  const cycle = cycleById(id);
  if (cycle === null) throw new RangeError(cycleIdProblem(id) ?? `AIRAC cycle "${id}" does not exist`);
  return cycle;
}

/** The cycle `count` cycles after `cycle` (before it when negative). */
export function offsetCycle(cycle: AiracCycle, count: number): AiracCycle {
  return cycleOfSerial(serialAt(cycle.effectiveMs) + count);
}

/** The cycle that follows `cycle` (effective on its expiry date). */
export function nextCycle(cycle: AiracCycle): AiracCycle {
  return offsetCycle(cycle, 1);
}

/** The cycle before `cycle` (its expiry date is this one's effective date). */
export function previousCycle(cycle: AiracCycle): AiracCycle {
  return offsetCycle(cycle, -1);
}
