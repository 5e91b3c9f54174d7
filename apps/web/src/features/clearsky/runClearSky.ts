import type { AircraftProfile, Route } from '@clearway/flightplan';
import { clearSkyRequestOf, type ClearSkySnapshots } from '../../worker/clearskyInput';
import type { RoutingWorkerFacade } from '../../worker/facade';
import type { ClearSkyStore } from './clearskyState';

/** Cruise altitudes ClearSky accepts, feet MSL. */
export const MIN_CRUISE_FT = 500;
export const MAX_CRUISE_FT = 60_000;

export const NO_ROUTE_TEXT = 'No route to analyse: enter a route on the Flight Plan page first.';
export const NO_ENGINE_TEXT = 'The routing engine is not available: reload the app, then run ClearSky again.';

export interface ClearSkyRunContext {
  store: ClearSkyStore;
  /** The routing worker (absent in some shells): the flight plan is planned again there, then judged. */
  routing: Pick<RoutingWorkerFacade, 'call'> | undefined;
  route: Route | null;
  profile: AircraftProfile | null;
  /** The latest weather snapshots (features/weather's, stored ones offline). */
  loadSnapshots: () => Promise<ClearSkySnapshots>;
  now: () => number;
}

export interface ClearSkyRunInput {
  departureMs: number;
  cruiseAltitudeFt: number;
}

// The newest run of each store: an older run's answer is dropped.
const latestRun = new WeakMap<ClearSkyStore, number>();

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Run (spec part 2 §4 "Clear-sky analysis"): running, then completed or error with its reason. The
 * route is planned again with the chosen departure time and cruise altitude (runFlightPlan in the
 * worker, in the worker's FB winds), so each leg's ETA is the navlog's for those inputs; then the
 * worker's clearSky judges it against the weather snapshots near the route.
 */
export async function runClearSky(ctx: ClearSkyRunContext, input: ClearSkyRunInput): Promise<void> {
  const run = (latestRun.get(ctx.store) ?? 0) + 1;
  latestRun.set(ctx.store, run);
  const current = () => latestRun.get(ctx.store) === run;
  const depIso = Number.isFinite(input.departureMs) ? new Date(input.departureMs).toISOString() : '';
  ctx.store.dispatch({ type: 'started', route: ctx.route?.final_string ?? '', dep_iso: depIso, cruising_alt: input.cruiseAltitudeFt, at: ctx.now() });
  const fail = (error: string) => {
    if (current()) ctx.store.dispatch({ type: 'failed', error, at: ctx.now() });
  };
  const route = ctx.route;
  if (!route || !route.final_string || route.waypoints.length < 2) return fail(NO_ROUTE_TEXT);
  if (!Number.isFinite(input.departureMs)) return fail('The departure time is not a valid date and time.');
  if (!Number.isFinite(input.cruiseAltitudeFt) || input.cruiseAltitudeFt < MIN_CRUISE_FT || input.cruiseAltitudeFt > MAX_CRUISE_FT) {
    return fail(`The cruise altitude must be ${MIN_CRUISE_FT.toLocaleString('en-US')} to ${MAX_CRUISE_FT.toLocaleString('en-US')} ft, not ${Number.isFinite(input.cruiseAltitudeFt) ? input.cruiseAltitudeFt : 'empty'}.`);
  }
  if (!ctx.routing) return fail(NO_ENGINE_TEXT);
  if (!ctx.profile) return fail('The aircraft profile has not loaded yet: wait a moment, then run again.');
  try {
    const profile: AircraftProfile = { ...ctx.profile, etd_iso: depIso, altitude: Math.round(input.cruiseAltitudeFt) };
    const [planned, snapshots] = await Promise.all([ctx.routing.call('runFlightPlan', { route, profile }), ctx.loadSnapshots()]);
    const request = clearSkyRequestOf(planned, snapshots, input.cruiseAltitudeFt);
    if (request.legs.length === 0) return fail('The route could not be planned (no leg has an ETA): check it on the Flight Plan page.');
    const reply = await ctx.routing.call('clearSky', request);
    if (current()) ctx.store.dispatch({ type: 'completed', result: reply, at: ctx.now() });
  } catch (error) {
    fail(`ClearSky could not run: ${messageOf(error)}`);
  }
}
