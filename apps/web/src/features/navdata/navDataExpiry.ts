import { cycleStatus, type CycleValidity } from '@clearway/navdb';

/**
 * What the app says about the nav database's AIRAC validity: the rule (valid from 00:00 UTC on
 * `effective` to 00:00 UTC on `expires`, a warning in the last days) is @clearway/navdb's
 * `cycleStatus`, shared with the importer; the wording is the app's. Pure: the time is passed in.
 */

export { EXPIRY_WARNING_DAYS, utcDayMs } from '@clearway/navdb';

export type NavDataValidity = CycleValidity;

export interface NavDataExpiry {
  validity: NavDataValidity;
  /** Whole days until expiry, rounded up (1 on the last day); 0 or less once expired. */
  daysLeft: number;
  /** What the banner says; null when the cycle is current and not expiring soon. */
  text: string | null;
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
 * The validity of a cycle at `nowMs` (ms since the epoch) and the banner's text. Dates that cannot be
 * read count as expired, so a damaged header never passes for current.
 */
export function navDataExpiry(cycle: { effective: string; expires: string }, nowMs: number): NavDataExpiry {
  const { validity, daysLeft, unreadable } = cycleStatus(cycle, nowMs);
  const text =
    validity === 'expired' ? expiredText(unreadable ? cycle.expires || 'on an unknown date' : cycle.expires)
    : validity === 'not_yet_effective' ? notYetEffectiveText(cycle.effective)
    : validity === 'expiring' ? expiringText(cycle.expires, daysLeft)
    : null;
  return { validity, daysLeft, text };
}
