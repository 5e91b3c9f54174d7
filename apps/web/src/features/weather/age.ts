import { WEATHER_UPDATE_INTERVAL_MS, type WeatherProductType } from '@clearway/protocol';

/** How often a shown age is brought up to date, ms. */
export const AGE_TICK_MS = 60_000;

/** Age of a snapshot, ms, counted from its cycle; never negative (a device clock behind the server's). */
export function weatherAgeMs(cycle: number, now: number): number {
  return Math.max(0, now - cycle);
}

/** Whether a snapshot of this type is past its normal update interval (protocol WEATHER_UPDATE_INTERVAL_MS). */
export function isWeatherStale(type: WeatherProductType, ageMs: number): boolean {
  return ageMs > WEATHER_UPDATE_INTERVAL_MS[type];
}

/**
 * An age in short pilot wording: "just now" under a minute, then "12 min old", "3 h old" (from 60
 * minutes), "22 d old" (from 48 hours). Whole units, rounded down. Null (no snapshot): empty.
 */
export function formatWeatherAge(ageMs: number | null): string {
  if (ageMs === null || !Number.isFinite(ageMs)) return '';
  const minutes = Math.floor(Math.max(0, ageMs) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min old`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h old`;
  return `${Math.floor(hours / 24)} d old`;
}
