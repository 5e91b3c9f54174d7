import type { Route } from '@clearway/flightplan';
import { analysisKey } from '../analysis';
import { commitRoute, type RouteCommandDeps } from '../routeCommands';
import { analysisStarted, routeAnalyzed } from '../routeSlice';
import { currentProfile, defineAction, type RouteActionContext } from './types';

export function commandDeps({ prefs, dispatch, now }: RouteActionContext): RouteCommandDeps {
  return { prefs, dispatch, now };
}

/**
 * Plans a route (runFlightPlan) and makes it the current route, stamped and stored, unless a later
 * plan-and-commit (or Clear) began after `plan` (then nothing is committed and the result is null:
 * the newer one wins however the engine's answers are ordered).
 */
export async function commitPlanned(context: RouteActionContext, plan: number, next: Route): Promise<Route | null> {
  const { routing, dispatch, screen } = context;
  const profile = currentProfile(context);
  const planned =
    routing && profile && next.waypoints.length >= 2 ? await routing.call('runFlightPlan', { route: next, profile }).catch(() => next) : next;
  if (!screen.isLatestPlan(plan)) return null;
  const stamped = await commitRoute(commandDeps(context), planned);
  if (planned !== next && profile) {
    // Already analysed for this profile: the route analysis need not run it again.
    dispatch(analysisStarted(analysisKey(stamped, profile)));
    dispatch(routeAnalyzed(stamped));
  }
  return stamped;
}

/** Plan-and-commit: the route becomes the current route, planned for the current profile. */
export const planAndCommit = defineAction<Route, Route | null>({
  name: 'planAndCommit',
  perform: (context, next) => commitPlanned(context, context.screen.beginPlan(), next),
});
