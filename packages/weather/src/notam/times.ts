/**
 * A NOTAM time in UTC and in a local time zone, e.g. `2024-07-18 1100Z` and `Jul 18, 06:00 CDT`.
 * Intl only (no I/O); the zone is the airport's (IANA name) or the device's when not given.
 */
export function notamTimeTexts(ms: number, timeZone?: string): { utc: string; local: string } {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  const utc = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}Z`;
  const local = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZoneName: 'short', ...(timeZone === undefined ? {} : { timeZone }) }).format(d);
  return { utc, local };
}

/** Where a NOTAM stands at `now`: active, starting within 24 h, later, or expired. */
export function notamTiming(start: number | null, end: number | null, now: number): 'active' | 'next24h' | 'later' | 'expired' {
  if (end !== null && end <= now) return 'expired';
  if (start === null || start <= now) return 'active';
  return start - now <= 24 * 3_600_000 ? 'next24h' : 'later';
}
