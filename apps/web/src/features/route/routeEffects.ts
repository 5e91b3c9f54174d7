import { TaskAbortError } from '@reduxjs/toolkit';
import type { AircraftProfile, Route } from '@clearway/flightplan';
import { readCurrentProfile } from '../profile';
import type { PropertyStore } from '../../db/prefs';
import type { RoutingWorkerFacade } from '../../worker/facade';
import { addAppListener, type AppStore, type RootState } from '../../store';
import { analysisKey, needsAnalysis, ROUTE_ANALYSIS_DEBOUNCE_MS, shouldAnalyze, type AnalysedRoute } from './analysis';
import { analysisFailed, analysisStarted, routeAnalyzed, routeSet } from './routeSlice';
import { startWindsFeed, type WindsFeed, type WindsFeedDeps } from './windsFeed';

type Routing = Pick<RoutingWorkerFacade, 'call'>;

/** The aircraft profile for parsing a typed route: the stored one over the defaults. */
export async function loadProfile(prefs: PropertyStore | undefined): Promise<AircraftProfile> {
  return readCurrentProfile(prefs, Date.now());
}

function isRoute(value: unknown): value is Route {
  const r = value as Partial<Route> | null | undefined;
  return !!r && typeof r.final_string === 'string' && Array.isArray(r.waypoints) && Array.isArray(r.all_waypoints);
}

export interface RouteEffectsDeps {
  /** A store made by makeStore (it has the listener middleware the effects are added to). */
  store: Pick<AppStore, 'dispatch' | 'getState' | 'subscribe'>;
  routing: Routing;
  /** Where the stored route is read from at start; omit to restore nothing. */
  prefs?: PropertyStore;
  /** Analysis this long after the last change of its inputs (default ROUTE_ANALYSIS_DEBOUNCE_MS). */
  debounceMs?: number;
  /** The weather store the FB winds come from (windsFeed.ts; default features/weather's installed one). */
  weather?: WindsFeedDeps['weather'];
}

export interface RouteEffects {
  /** Settles when the stored route has been read (and set, when there was no route yet). */
  restored: Promise<void>;
  /** The FB winds feed of the routing worker. */
  winds: WindsFeed;
  /** Removes the listeners; an analysis in flight is dropped. */
  stop(): void;
}

/** What the analysis depends on changed: the route object, the profile, the winds, the worker became ready. */
function analysisInputsChanged(current: RootState, previous: RootState): boolean {
  return (
    current.route.current !== previous.route.current ||
    current.profile.current !== previous.profile.current ||
    current.route.winds !== previous.route.winds ||
    (current.navData.worker === 'initialized' && previous.navData.worker !== 'initialized')
  );
}

/**
 * The route's app-wide effects (issue 15 "Effects outside React"), started once at boot whatever page
 * is mounted:
 * - restore: the stored route (prefs `route`) becomes the current route at start, unless a route is
 *   already set;
 * - winds: the `fbo` snapshot's FB bulletins go to the routing worker (windsFeed.ts), and new winds
 *   re-plan the current route;
 * - analysis: ROUTE_ANALYSIS_DEBOUNCE_MS after the current route, the store's aircraft profile
 *   (departure time, cruise altitude), the winds or the routing worker's readiness last changed, runFlightPlan
 *   analyses the current route when needsAnalysis says so (spec part 1 §4 "Search"), and the
 *   analysed route replaces it. A newer change drops an analysis still running (its result is for
 *   old inputs). Without a profile in the store (before boot's profile_init) nothing is analysed.
 *
 * The figures of a route therefore never depend on which components are mounted.
 */
export function startRouteEffects({ store, routing, prefs, debounceMs = ROUTE_ANALYSIS_DEBOUNCE_MS, weather }: RouteEffectsDeps): RouteEffects {
  const { dispatch } = store;
  // The route object the last analysis put on screen and the inputs it was for: this service's state.
  let last: AnalysedRoute | null = null;
  // The winds that analysis was planned in: other winds re-plan the route.
  let lastWinds: RootState['route']['winds'] = store.getState().route.winds;
  let stopped = false;

  const unsubscribers = [
    // Every analysed route, this effect's or the route screen's own plan-and-commit (which dispatches
    // analysisStarted with its key, then routeAnalyzed).
    dispatch(
      addAppListener({
        actionCreator: routeAnalyzed,
        effect: (action, api) => {
          last = { route: action.payload, key: api.getState().route.lastAnalysisKey };
          lastWinds = api.getState().route.winds;
        },
      }),
    ),
    dispatch(
      addAppListener({
        predicate: (_action, current, previous) => analysisInputsChanged(current, previous),
        effect: async (_action, api) => {
          // The latest change wins: a run still waiting or analysing is cancelled.
          api.cancelActiveListeners();
          await api.delay(debounceMs);
          const state = api.getState();
          const route = state.route.current;
          const profile = state.profile.current;
          if (!route || !profile || !(needsAnalysis(route, profile, last) || (state.route.winds !== lastWinds && shouldAnalyze(route, profile, null)))) return;
          api.dispatch(analysisStarted(analysisKey(route, profile)));
          try {
            const analysed = await api.pause(routing.call('runFlightPlan', { route, profile }));
            api.dispatch(routeAnalyzed(analysed));
          } catch (error) {
            if (error instanceof TaskAbortError) throw error;
            // Not analysed (the worker not ready yet, a failure): the next change tries again.
            api.dispatch(analysisFailed());
          }
        },
      }),
    ),
  ];

  const restored = (async () => {
    if (!prefs) return;
    const stored = await prefs.getProperty('route').catch(() => undefined);
    // A route chosen (or synced) while the stored one was read wins.
    if (stopped || !isRoute(stored) || store.getState().route.current) return;
    dispatch(routeSet(stored));
  })();

  const winds = startWindsFeed({ store, routing, ...(weather ? { weather } : {}) });

  return {
    restored,
    winds,
    stop() {
      stopped = true;
      winds.stop();
      for (const unsubscribe of unsubscribers) unsubscribe();
    },
  };
}
