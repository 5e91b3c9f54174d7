/**
 * Whether the nav database in use may still be flown with: its AIRAC validity (`effective` to
 * `expires`, `YYYY-MM-DD`, the header's dates) against a clock. Pure: the time is passed in.
 *
 * A cycle is valid from 00:00 UTC on `effective` until 00:00 UTC on `expires` (the next cycle's
 * effective date; packages/navimport cycles/airac.ts reads dates the same way).
 */

/** Days before expiry from which a softer note says it is coming. */
export const EXPIRY_WARNING_DAYS = 7;

const DAY_MS = 86_400_000;

export type NavDataValidity = 'current' | 'expiring' | 'expired' | 'not_yet_effective';

export interface NavDataExpiry {
  validity: NavDataValidity;
  /** Whole days until expiry, rounded up (1 on the last day); 0 or less once expired. */
  daysLeft: number;
  /** What the banner says; null when the cycle is current and not expiring soon. */
  text: string | null;
}

/** 00:00 UTC of a `YYYY-MM-DD` date, ms; NaN for anything else. */
export function utcDayMs(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** The expired banner's text (issue 27 point 9's wording; the spec has none). The cycle id is on the banner's data-cycle. */
export function expiredText(expires: string): string {
  return `Nav data expired ${expires}: do not use for navigation`;
}

export function expiringText(expires: string, daysLeft: number): string {
  return `Nav data expires ${expires} (${daysLeft === 1 ? 'within a day' : `in ${daysLeft} days`}): update while online`;
}

export function notYetEffectiveText(effective: string): string {
  return `Nav data not effective until ${effective}: do not use for navigation yet`;
}

/**
 * The validity of a cycle at `nowMs` (ms since the epoch). Dates that cannot be read count as
 * expired, so a damaged header never passes for current.
 */
export function navDataExpiry(cycle: { effective: string; expires: string }, nowMs: number): NavDataExpiry {
  const expiresMs = utcDayMs(cycle.expires);
  const effectiveMs = utcDayMs(cycle.effective);
  if (Number.isNaN(expiresMs)) return { validity: 'expired', daysLeft: 0, text: expiredText(cycle.expires || 'on an unknown date') };
  const daysLeft = Math.ceil((expiresMs - nowMs) / DAY_MS);
  if (nowMs >= expiresMs) return { validity: 'expired', daysLeft, text: expiredText(cycle.expires) };
  if (!Number.isNaN(effectiveMs) && nowMs < effectiveMs) return { validity: 'not_yet_effective', daysLeft, text: notYetEffectiveText(cycle.effective) };
  if (daysLeft <= EXPIRY_WARNING_DAYS) return { validity: 'expiring', daysLeft, text: expiringText(cycle.expires, daysLeft) };
  return { validity: 'current', daysLeft, text: null };
}
