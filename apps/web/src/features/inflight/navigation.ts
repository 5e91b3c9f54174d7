import { navigate, type DirectToOverride, type LocationFix, type NavigationState } from '@clearway/inflight';
import type { Waypoint } from '@clearway/flightplan';

/** A waypoint's variation when it is known (the flight plan model writes 999.999 for unknown). */
function knownVariation(w: Waypoint | undefined): number | null {
  const v = w?.variation;
  return typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= 180 ? v : null;
}

export interface NavStripState extends NavigationState {
  /** Tracks are magnetic (the next waypoint's variation was known), else true. */
  magnetic: boolean;
}

/**
 * The nav strip's values for a fix on a route: `navigate` (next waypoint by the engine's cones, a
 * direct-to overriding them), with tracks magnetic by the next waypoint's variation when it is known.
 * Null without a route, a track or anything ahead.
 */
export function navStrip(fix: LocationFix, waypoints: readonly Waypoint[] | null, directTo: DirectToOverride | null, nowMs: number, timeZone: string): NavStripState | null {
  if (!waypoints || waypoints.length < 2) return null;
  const list = waypoints as Waypoint[];
  const override = directTo && 'index' in directTo && directTo.index >= list.length ? null : directTo;
  const input = {
    position: { lat: fix.latitude, lon: fix.longitude },
    trackDegTrue: fix.heading ?? 0,
    groundSpeedKt: fix.speed ?? 0,
    nowMs,
    timeZone,
  };
  const first = navigate(input, list, override);
  if (!first) return null;
  const variation = first.index >= 0 ? knownVariation(list[first.index]) : null;
  if (variation === null) return { ...first, magnetic: false };
  const second = navigate({ ...input, variationDeg: variation }, list, override);
  return second ? { ...second, magnetic: true } : { ...first, magnetic: false };
}

/** Degrees as three digits with its reference: 045°M / 045°T. */
export function degrees(value: number, magnetic: boolean): string {
  const whole = Math.round(value) % 360;
  return `${String(whole === 0 ? 360 : whole).padStart(3, '0')}°${magnetic ? 'M' : 'T'}`;
}
