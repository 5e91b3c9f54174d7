/**
 * The dates of a nav database cycle (`NavDbHeader.effective` / `expires`, `YYYY-MM-DD`) and whether
 * it may be flown with at a time. One reading for the importer (packages/navimport cycles/airac.ts
 * writes the dates) and the app (its expiry banner). A cycle is valid from 00:00 UTC on `effective`
 * until 00:00 UTC on `expires` (the next cycle's effective date). Pure: the time is passed in.
 */

export const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of an epoch-milliseconds instant, in UTC. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** 00:00 UTC of a `YYYY-MM-DD` date, ms; NaN for anything else. */
export function utcDayMs(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** Days before expiry from which the app says expiry is coming. */
export const EXPIRY_WARNING_DAYS = 7;

export type CycleValidity = 'current' | 'expiring' | 'expired' | 'not_yet_effective';

export interface CycleStatus {
  validity: CycleValidity;
  /** Whole days until expiry, rounded up (1 on the last day); 0 or less once expired. */
  daysLeft: number;
  /** The expiry date could not be read (counts as expired, so a damaged header never passes for current). */
  unreadable: boolean;
}

/** The validity of a cycle at `nowMs` (ms since the epoch). */
export function cycleStatus(cycle: { effective: string; expires: string }, nowMs: number): CycleStatus {
  const expiresMs = utcDayMs(cycle.expires);
  const effectiveMs = utcDayMs(cycle.effective);
  if (Number.isNaN(expiresMs)) return { validity: 'expired', daysLeft: 0, unreadable: true };
  const daysLeft = Math.ceil((expiresMs - nowMs) / DAY_MS);
  const validity: CycleValidity =
    nowMs >= expiresMs ? 'expired'
    : !Number.isNaN(effectiveMs) && nowMs < effectiveMs ? 'not_yet_effective'
    : daysLeft <= EXPIRY_WARNING_DAYS ? 'expiring'
    : 'current';
  return { validity, daysLeft, unreadable: false };
}
