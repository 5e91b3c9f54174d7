/**
 * Pure helpers of the route screen's edit mode (spec part 2 §4 "Route edits", "Procedure pickers",
 * §5 "Waypoint search", "VNAV altitude"): picker labels and selection strings, the VNAV check, the
 * waypoint-search hint and the edit an insert sub-mode makes.
 */
import { selectionText, transitionLabel, waypointFromMatch, type ProcFlag, type Route, type Waypoint } from '@clearway/flightplan';
import { formatDistance, geodesicInitialCourseDeg, greatCircleDistanceNm, UNKNOWN_VARIATION_DEG as UNKNOWN_VARIATION, type DistanceUnit } from '@clearway/geo';
import type { WaypointMatch } from '@clearway/navdb';
import type { RouteEdit } from '../../../worker/engineMessages';
import type { EditState } from './editState';

/** Waypoint search starts at this many characters (spec part 2 §5, §9). */
export const SEARCH_MIN_CHARS = 2;
/** Waypoint search debounce, ms (spec part 2 §5, §9). */
export const SEARCH_DEBOUNCE_MS = 100;
/** Spec part 2 §5 / §8, verbatim. */
export const INVALID_NUMBER = 'Invalid Number';

/** 'NOTRANSITION' as 'No Transition', 'VTF' as 'Vectors To Final', any other transition as itself (spec part 2 §3). */
export function pickerLabel(transition: string): string {
  return transitionLabel(transition);
}

/** The picker's type flag of a procedure sub-mode: PD departure, PE arrival, PF approach. */
export function procFlagOf(mode: 'dp' | 'star' | 'approach'): ProcFlag {
  return mode === 'dp' ? 'PD' : mode === 'star' ? 'PE' : 'PF';
}

/** setDP's selection 'dp[.transition2].transition1': transition 1 the runway level, 2 the enroute level ('NOTRANSITION' left out). */
export function dpSelection(dp: string, transition1: string, transition2: string | null): string {
  return selectionText('PD', dp, transition1, transition2);
}

/** setStar's selection 'transition1.star[.transition2]': transition 1 the enroute level, 2 the runway level ('NOTRANSITION' left out). */
export function starSelection(star: string, transition1: string, transition2: string | null): string {
  return selectionText('PE', star, transition1, transition2);
}

/** The VNAV altitude's weak check (spec part 2 §5): empty or containing a word character, else 'Invalid Number'. */
export function vnavError(text: string): string | null {
  return text === '' || /\w/.test(text) ? null : INVALID_NUMBER;
}

/** The search text as searched: uppercased (spec part 2 §5), surrounding blanks dropped. */
export function searchCode(text: string): string {
  return text.trim().toUpperCase();
}

/** Whether a search text is long enough to search (2 or more characters). */
export function isSearchable(code: string): boolean {
  return code.length >= SEARCH_MIN_CHARS;
}

/**
 * The waypoint an insert measures from and searches near: for 'after' and 'before' the chosen
 * waypoint (edit_waypoint) or else the first of edit_code, the route's first for 'start', its last
 * for 'end'; null when the route has none.
 */
export function referenceWaypoint(route: Route, edit: EditState): Waypoint | null {
  const list = route.waypoints;
  if (edit.insert_at === 'start') return list[0] ?? null;
  if (edit.insert_at === 'end') return list[list.length - 1] ?? null;
  if (edit.insert_at === null) return null;
  if (edit.edit_waypoint) return edit.edit_waypoint;
  const code = edit.edit_code?.toUpperCase();
  return list.find((w) => w.code === code) ?? null;
}

/**
 * Bearing from `from` to the found point, degrees: magnetic when `from` has a known variation (east
 * positive, magnetic = true − variation), else true. Rounded, in [1, 360] as compasses write it.
 */
export function bearingDeg(from: Waypoint, latDeg: number, lonDeg: number): number {
  const trueDeg = geodesicInitialCourseDeg(from.location.lat, from.location.lon, latDeg, lonDeg);
  const variation = Math.abs(from.variation - UNKNOWN_VARIATION) < 1e-6 ? 0 : from.variation;
  const rounded = Math.round((((trueDeg - variation) % 360) + 360) % 360);
  return rounded === 0 ? 360 : rounded;
}

/**
 * The search hint (spec part 2 §5): 'Found! {name}, {distance} {bearing}° from {reference}' when the
 * search found a waypoint (distance in the display unit; no distance without a reference), else
 * '{CODE} not found'.
 */
export function searchHint(code: string, match: WaypointMatch | null, reference: Waypoint | null, unit: DistanceUnit): string {
  if (!match) return `${code} not found`;
  const name = match.name && match.name !== match.code ? `${match.code} ${match.name}` : match.code;
  if (!reference) return `Found! ${name}`;
  const nm = greatCircleDistanceNm(reference.location.lat, reference.location.lon, match.latDeg, match.lonDeg);
  const bearing = String(bearingDeg(reference, match.latDeg, match.lonDeg)).padStart(3, '0');
  return `Found! ${name}, ${formatDistance(nm, unit)} ${bearing}° from ${reference.code}`;
}

/**
 * The edit adding a found waypoint in an insert sub-mode: addWaypointBeginning ('start'),
 * addWaypointEnd ('end'), addWaypoint1 before the chosen waypoint ('before'), addWaypoint2 after it
 * ('after'). The reference is the exact waypoint when known (edit_waypoint, so a repeated code
 * inserts at the right place), else edit_code. Null when the state is no insert.
 */
export function insertEdit(edit: EditState, match: WaypointMatch): RouteEdit | null {
  const waypoint = waypointFromMatch(match);
  const reference = edit.edit_waypoint ?? edit.edit_code;
  switch (edit.insert_at) {
    case 'start':
      return { op: 'addWaypointBeginning', waypoint };
    case 'end':
      return { op: 'addWaypointEnd', waypoint };
    case 'before':
      return reference ? { op: 'addWaypoint1', waypoint, reference } : null;
    case 'after':
      return reference ? { op: 'addWaypoint2', waypoint, reference } : null;
    default:
      return null;
  }
}

/** True when the route has a DP waypoint. */
export function hasDp(route: Route): boolean {
  return route.waypoints.some((w) => w.type === 'DP');
}

/** True when the route has a STAR waypoint. */
export function hasStar(route: Route): boolean {
  return route.waypoints.some((w) => w.type === 'STAR');
}

/** True when the route's last waypoint (its destination) has an approach. */
export function hasApproach(route: Route): boolean {
  return route.waypoints.some((w) => w.has_approach);
}
