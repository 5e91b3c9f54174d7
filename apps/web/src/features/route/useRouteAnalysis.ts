import { useEffect } from 'react';
import type { AircraftProfile, Route } from '@clearway/flightplan';
import { readCurrentProfile } from '../profile';
import type { PropertyStore } from '../../db/prefs';
import type { RoutingWorkerFacade } from '../../worker/facade';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { analysisKey, ROUTE_ANALYSIS_DEBOUNCE_MS, shouldAnalyze } from './analysis';
import { analysisFailed, analysisStarted, routeAnalyzed, routeSet } from './routeSlice';

type Routing = Pick<RoutingWorkerFacade, 'call'>;

/** The aircraft profile for parsing and analysis: the stored one over the defaults. */
export async function loadProfile(prefs: PropertyStore | undefined): Promise<AircraftProfile> {
  return readCurrentProfile(prefs, Date.now());
}

function isRoute(value: unknown): value is Route {
  const r = value as Partial<Route> | null | undefined;
  return !!r && typeof r.final_string === 'string' && Array.isArray(r.waypoints) && Array.isArray(r.all_waypoints);
}

/**
 * Restores the stored route at start, and analyses the current route (runFlightPlan) 500 ms after
 * it changes, only when shouldAnalyze says so (spec part 1 §4 "Search").
 */
export function useRouteAnalysis(routing: Routing | undefined, prefs: PropertyStore | undefined): void {
  const dispatch = useAppDispatch();
  const current = useAppSelector((s) => s.route.current);
  const lastKey = useAppSelector((s) => s.route.lastAnalysisKey);
  const profileVersion = useAppSelector((s) => s.route.profileVersion);

  useEffect(() => {
    let live = true;
    void prefs
      ?.getProperty('route')
      .then((stored) => {
        if (live && isRoute(stored)) dispatch(routeSet(stored));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Once per mount: a stored route restored at start.
  }, [dispatch, prefs]);

  useEffect(() => {
    if (!routing || !current) return;
    const timer = window.setTimeout(() => {
      void (async () => {
        const profile = await loadProfile(prefs);
        if (!shouldAnalyze(current, profile, lastKey)) return;
        dispatch(analysisStarted(analysisKey(current, profile)));
        try {
          dispatch(routeAnalyzed(await routing.call('runFlightPlan', { route: current, profile })));
        } catch {
          dispatch(analysisFailed());
        }
      })();
    }, ROUTE_ANALYSIS_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [routing, prefs, current, lastKey, profileVersion, dispatch]);
}
