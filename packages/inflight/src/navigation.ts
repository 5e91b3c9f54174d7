import { greatCircleInitialCourseDeg, normalize360 } from '@clearway/geo';
import { formatEta, formatEte, makeWaypoint, MIN_SPEED_FOR_ETE_KT, navLogEntry, type LatLon, type NavLogEntry, type Waypoint } from '@clearway/flightplan';

/**
 * A direct-to override (spec part 2 §4 "a direct-to waypoint overrides"): a waypoint of the list by
 * its index, or any point (a tap on the map), named by `code`. `from` is where the pilot engaged it:
 * the desired track is the course from there; without it, the course from the present position.
 */
export type DirectToOverride =
  | { index: number; from?: LatLon | null }
  | { code: string; location: LatLon; from?: LatLon | null };

export interface NavigationInput {
  /** Present position. */
  position: LatLon;
  /** Track over the ground, degrees true (the cone is centred on it). */
  trackDegTrue: number;
  /** Current ground speed, knots (ETE and ETA use it, spec part 2 §4). */
  groundSpeedKt: number;
  /** Epoch milliseconds now (the ETA is this plus the ETE). */
  nowMs: number;
  /** Magnetic variation here, degrees east positive; tracks are magnetic when given, else true. */
  variationDeg?: number | null;
  /** IANA time zone of the ETAs; default 'UTC'. */
  timeZone?: string;
}

/** What the nav strip shows (issue 19 "A nav strip over the map"). */
export interface NavigationState {
  /** The spec's nav log line (part 2 §3 "Nav log": code, dst, type Direct or NEXT, currentWpt, track, ete_wpt, ete, eta). */
  navLog: NavLogEntry;
  /** Index of the next waypoint in the list given (-1 for a direct-to point off the list). */
  index: number;
  /** Distance to the next waypoint, nautical miles (same as `navLog.dst`). */
  distanceNm: number;
  /** Course from here to the next waypoint, degrees (magnetic when a variation was given). */
  bearingDeg: number;
  /**
   * Desired track, degrees (magnetic when a variation was given): the course of the leg being flown,
   * from the previous waypoint (or the direct-to start) to the next one; the course from here when
   * there is no previous point.
   */
  desiredTrackDeg: number;
  /** Time to the next waypoint ('h:mm:ss' above one hour, else 'm:ss'; '--' when stopped). */
  eteWpt: string;
  /** Arrival time at the next waypoint, 'hh:mm' ('--:--' when stopped). */
  etaWpt: string;
}

/** Below this ground speed no ETE or ETA is shown (the flight plan engine's rule). */
export { MIN_SPEED_FOR_ETE_KT };

/** The waypoints with exactly one marked direct-to (spec part 2 §3 "Exactly one waypoint is direct-to"); the input is not changed. */
function withDirectTo(waypoints: Waypoint[], override: DirectToOverride): { list: Waypoint[]; offList: boolean } {
  if ('index' in override) {
    if (!Number.isInteger(override.index) || override.index < 0 || override.index >= waypoints.length) {
      throw new RangeError(`Direct-to index ${override.index} is outside the route (${waypoints.length} waypoints)`);
    }
    return { list: waypoints.map((w, i) => ({ ...w, directTo: i === override.index })), offList: false };
  }
  const point = makeWaypoint(override.code, 'LATLONG', override.location.lat, override.location.lon, { directTo: true });
  return { list: [point], offList: true };
}

/**
 * The navigation state for a position on the route: the next waypoint by the flight plan engine's
 * cones (`selectNextWaypoint`, spec part 2 §4 "Next waypoint selection"), a direct-to override
 * winning over them, the distance, course and desired track to it, and the ETE and ETA to it and to
 * the destination at the current ground speed. A direct-to point off the route is the whole
 * remaining route (its ETE and ETA are those to the point). Null when nothing lies ahead.
 */
export function navigate(input: NavigationInput, waypoints: Waypoint[], directTo: DirectToOverride | null = null): NavigationState | null {
  const { list, offList } = directTo ? withDirectTo(waypoints, directTo) : { list: waypoints, offList: false };
  const navLog = navLogEntry(
    {
      position: input.position,
      trackDegTrue: input.trackDegTrue,
      speedKt: input.groundSpeedKt,
      timeMs: input.nowMs,
      variationDeg: input.variationDeg ?? null,
      timeZone: input.timeZone,
    },
    list,
  );
  if (!navLog) return null;
  const variation = input.variationDeg ?? 0;
  const toDisplay = (deg: number): number => normalize360(deg - (Number.isFinite(variation) ? variation : 0));
  const target = (list[navLog.currentWpt] as Waypoint).location;
  let from: LatLon | null = null;
  if (directTo) from = directTo.from ?? null;
  else if (navLog.currentWpt > 0) from = (list[navLog.currentWpt - 1] as Waypoint).location;
  const desiredTrackDeg =
    from && (from.lat !== target.lat || from.lon !== target.lon)
      ? toDisplay(greatCircleInitialCourseDeg(from.lat, from.lon, target.lat, target.lon))
      : navLog.track;
  const moving = input.groundSpeedKt >= MIN_SPEED_FOR_ETE_KT;
  const wptMinutes = moving ? (navLog.dst / input.groundSpeedKt) * 60 : NaN;
  return {
    navLog,
    index: offList ? -1 : navLog.currentWpt,
    distanceNm: navLog.dst,
    bearingDeg: navLog.track,
    desiredTrackDeg,
    eteWpt: formatEte(wptMinutes),
    etaWpt: moving ? formatEta(input.nowMs + wptMinutes * 60_000, input.timeZone) : '--:--',
  };
}
