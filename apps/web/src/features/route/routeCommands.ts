import type { Route } from '@clearway/flightplan';
import { nextRecordTs } from '@clearway/sync';
import type { PropertyStore, StoredRoute } from '../../db/prefs';
import type { AppDispatch } from '../../store';
import { finalFixesCleared } from '../../store/mapStateSlice';
import { routeCleared, routeSet } from './routeSlice';

export interface RouteCommandDeps {
  prefs: PropertyStore | undefined;
  dispatch: AppDispatch;
  now: () => number;
}

/**
 * A route becomes the current route (spec part 2 §4 "Route edits"): stamped with the current time,
 * stored as the prefs property `route`, set in the store (the map redraws it, the analysis runs) and
 * the final-fix preview cleared. Returns the stamped route.
 */
export async function commitRoute({ prefs, dispatch, now }: RouteCommandDeps, route: Route): Promise<Route> {
  const stamped: Route = { ...route, ts: nextRecordTs(route, now()) };
  dispatch(routeSet(stamped));
  dispatch(finalFixesCleared());
  await prefs?.setProperty('route', stamped as unknown as StoredRoute).catch((error: unknown) => console.error('Could not store the route', error));
  return stamped;
}

/** Clear: no current route (the stored route is removed; Undo puts the previous one back with commitRoute). */
export async function clearRoute({ prefs, dispatch }: RouteCommandDeps): Promise<void> {
  dispatch(routeCleared());
  dispatch(finalFixesCleared());
  await prefs?.deleteProperty('route').catch((error: unknown) => console.error('Could not clear the route', error));
}
