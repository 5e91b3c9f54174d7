/**
 * Departure time rules (spec part 2 §3 "Aircraft profile", §4 "ETD default", §5 "ETD choices"). Pure:
 * the clock comes in as `now` (ms since epoch).
 */

const FIVE_MINUTES_MS = 5 * 60_000;

/** The ETD menu, minutes from now (0 = Now). */
export const ETD_CHOICES_MIN = [0, 15, 30, 60, 90, 120, 180, 240, 480, 720, 1080, 1440, 2160] as const;

/** The wider list of 30 ETD offsets: 0, 15, 30, 45, 60, 75, 90, 120, 180, 240, then hourly to 1440. */
export const ETD_OFFSETS_MIN: readonly number[] = [
  0, 15, 30, 45, 60, 75, 90, 120, 180, 240,
  ...Array.from({ length: 20 }, (_, i) => 300 + i * 60),
];

/** A time rounded up to the next 5-minute mark (a time already on a mark stays). */
export function roundUpToFiveMinutes(ms: number): number {
  return Math.ceil(ms / FIVE_MINUTES_MS) * FIVE_MINUTES_MS;
}

/** The departure time for a menu choice: now plus the offset, rounded up to the next 5 minutes. */
export function etdFromOffset(offsetMin: number, now: number): { etd: number; etd_iso: string } {
  const at = roundUpToFiveMinutes(now + offsetMin * 60_000);
  return { etd: offsetMin, etd_iso: new Date(at).toISOString() };
}

/** The departure time for a picked date and time, rounded up to the next 5 minutes. */
export function etdFromDate(atMs: number, now: number): { etd: number; etd_iso: string } {
  const at = roundUpToFiveMinutes(atMs);
  return { etd: Math.max(0, Math.round((at - now) / 60_000)), etd_iso: new Date(at).toISOString() };
}

/** Departure time of a profile in ms, or null when it has none or it does not parse. */
export function etdMs(profile: { etd_iso?: string }): number | null {
  if (!profile.etd_iso) return null;
  const ms = Date.parse(profile.etd_iso);
  return Number.isFinite(ms) ? ms : null;
}

/** A stored departure time already in the past is reset to the next 5-minute mark. */
export function resetPastEtd<P extends { etd: number; etd_iso: string }>(profile: P, now: number): P {
  const at = etdMs(profile);
  if (at !== null && at >= now) return profile;
  return { ...profile, ...etdFromOffset(0, now) };
}

/** A saved model chosen by tail with a past ETD moves to 30 minutes ahead, on a 5-minute mark. */
export function chosenModelEtd<P extends { etd: number; etd_iso: string }>(profile: P, now: number): P {
  const at = etdMs(profile);
  if (at !== null && at >= now) return profile;
  return { ...profile, ...etdFromOffset(30, now) };
}

/** ETD as the summary strip shows it: h:mm am/pm in local time, e.g. '2:05 pm'. */
export function formatEtd(ms: number): string {
  const date = new Date(ms);
  const hours = date.getHours();
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
}
