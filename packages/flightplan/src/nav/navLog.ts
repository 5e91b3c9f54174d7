import type { LatLon, Waypoint } from '../model.js';
import { distanceNm, normalizeDeg } from '../perf/sphere.js';
import { selectNextWaypoint } from './nextWaypoint.js';

/** One nav log line (spec part 2 §3 "Nav log"). */
export interface NavLogEntry {
  /** Code of the next waypoint. */
  code: string;
  /** Distance to it, nautical miles. */
  dst: number;
  type: 'Direct' | 'NEXT';
  /** Its index in the waypoint list. */
  currentWpt: number;
  /** Course to it from the position, degrees magnetic when a variation was given, else true. */
  track: number;
  /** Time to the next waypoint at the current speed ('h:mm:ss' above an hour, else 'm:ss'; '--' when stopped). */
  ete_wpt: string;
  /** Time to the destination along the remaining waypoints, same format. */
  ete: string;
  /** Arrival time at the destination, 'hh:mm' in `timeZone` ('--:--' when stopped). */
  eta: string;
}

export interface NavLogInput {
  position: LatLon;
  /** Direction of motion, degrees true. */
  trackDegTrue: number;
  /** Ground speed, knots. */
  speedKt: number;
  /** Epoch milliseconds of the fix. */
  timeMs: number;
  /** Variation at the position, degrees east positive; omit for true tracks. */
  variationDeg?: number | null;
  /** IANA time zone for the ETA; default 'UTC'. */
  timeZone?: string;
}

/** Below this ground speed (knots) no ETE or ETA is shown. */
export const MIN_SPEED_FOR_ETE_KT = 1;

/** A duration for the nav log: 'h:mm:ss' above one hour, else 'm:ss' (spec part 2 §4). */
export function formatEte(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes < 0) return '--';
  const total = Math.round(minutes * 60);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return total > 3600 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${Math.floor(total / 60)}:${ss}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A time as 'hh:mm' (24-hour) in an IANA time zone, default UTC. */
export function formatEta(timeMs: number, timeZone = 'UTC'): string {
  if (!Number.isFinite(timeMs)) return '--:--';
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  const parts = f.formatToParts(new Date(timeMs));
  const hh = parts.find((p) => p.type === 'hour')?.value ?? '00';
  const mm = parts.find((p) => p.type === 'minute')?.value ?? '00';
  return `${hh}:${mm}`;
}

/**
 * The nav log line for a position on the route (spec part 2 §3, §4): the next waypoint by the cone
 * rule (or the direct-to waypoint), the distance and course to it, the ETE to it and to the
 * destination (through the remaining waypoints) at the current ground speed, and the ETA at the
 * destination. Null when no waypoint lies ahead.
 */
export function navLogEntry(input: NavLogInput, waypoints: Waypoint[]): NavLogEntry | null {
  const next = selectNextWaypoint(input.position, input.trackDegTrue, waypoints);
  if (!next) return null;
  let remainingNm = next.distanceNm;
  for (let i = next.index; i + 1 < waypoints.length; i++) {
    const a = waypoints[i] as Waypoint;
    const b = waypoints[i + 1] as Waypoint;
    if (a.invalid || b.invalid) continue;
    remainingNm += distanceNm(a.location, b.location);
  }
  const moving = input.speedKt >= MIN_SPEED_FOR_ETE_KT;
  const minutesTo = (nm: number): number => (moving ? (nm / input.speedKt) * 60 : NaN);
  const eteMin = minutesTo(remainingNm);
  const variation = input.variationDeg ?? 0;
  return {
    code: next.waypoint.code,
    dst: next.distanceNm,
    type: next.type,
    currentWpt: next.index,
    track: normalizeDeg(next.bearingDegTrue - (Number.isFinite(variation) ? variation : 0)),
    ete_wpt: formatEte(minutesTo(next.distanceNm)),
    ete: formatEte(eteMin),
    eta: moving ? formatEta(input.timeMs + eteMin * 60_000, input.timeZone) : '--:--',
  };
}
