import type { AircraftProfile, Route } from '@clearway/flightplan';

/** Route analysis runs this long after the route last changed, ms (spec part 1 §9: "search box and route analysis debounce 500 ms"). */
export const ROUTE_ANALYSIS_DEBOUNCE_MS = 500;

/** What an analysis depends on: route string, departure time and cruise altitude (spec part 1 §4). */
export function analysisKey(route: Pick<Route, 'final_string'>, profile: Pick<AircraftProfile, 'etd' | 'etd_iso' | 'altitude'>): string {
  return JSON.stringify([route.final_string, profile.etd_iso || profile.etd, profile.altitude]);
}

/**
 * Whether to run runFlightPlan: only with a final string and at least two waypoints, and only when
 * the route string, departure time or cruise altitude changed since the last analysis.
 */
export function shouldAnalyze(
  route: Pick<Route, 'final_string' | 'waypoints'> | null,
  profile: Pick<AircraftProfile, 'etd' | 'etd_iso' | 'altitude'>,
  lastKey: string | null,
): boolean {
  if (!route || !route.final_string || route.waypoints.length < 2) return false;
  return analysisKey(route, profile) !== lastKey;
}

/** The route object an analysis produced and the inputs it was made for (analysisKey). */
export interface AnalysedRoute {
  route: object;
  key: string | null;
}

/**
 * Whether the route on screen needs runFlightPlan (the route analysis effect, routeEffects.ts): a
 * final string and at least two waypoints, and it is not the very route object the last analysis
 * produced for these inputs. A route put back unanalysed (a restored or synced copy, the same
 * string submitted again) is analysed again even when its string, departure time and altitude are
 * those of the last analysis: its figures are zero until then.
 */
export function needsAnalysis(
  route: Pick<Route, 'final_string' | 'waypoints'> | null,
  profile: Pick<AircraftProfile, 'etd' | 'etd_iso' | 'altitude'>,
  last: AnalysedRoute | null,
): boolean {
  // Another route object than the last analysis produced is compared with no key: any key differs.
  return shouldAnalyze(route, profile, last && last.route === route ? last.key : null);
}
