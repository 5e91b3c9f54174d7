import type { Route } from '@clearway/flightplan';
import type { RouteEdit, WaypointRef } from '../../../worker/engineMessages';
import { commitPlanned } from './planAndCommit';
import { removedText } from './texts';
import { currentProfile, currentRoute, defineAction, type RouteActionContext } from './types';

const codeOf = (ref: WaypointRef): string => (typeof ref === 'string' ? ref : ref.code);

/**
 * What a destructive edit removes, as its Undo snackbar names it ('SUNOL', 'airway V334', 'DP',
 * 'STAR', 'approach', 'altitude at SUNOL'); null for an edit that removes nothing.
 */
export function removalOf(edit: RouteEdit): string | null {
  switch (edit.op) {
    case 'removeWaypoint':
      return codeOf(edit.code);
    case 'removeAirway':
      return `airway ${codeOf(edit.airway)}`;
    case 'removeDP':
      return 'DP';
    case 'removeStar':
      return 'STAR';
    case 'removeAproach':
      return 'approach';
    case 'setAltitude1':
      // Clear VNAV passes -1 (spec part 2 §4).
      return edit.altitude === -1 ? `altitude at ${codeOf(edit.code)}` : null;
    default:
      return null;
  }
}

/** Whether an engine edit can run: a current route, a profile and the engine. */
export const canEditRoute = (context: RouteActionContext): boolean =>
  currentRoute(context) !== null && currentProfile(context) !== null && context.routing !== undefined;

/**
 * Runs one engine edit (editRoute) on the current route, then plans and commits the result
 * (commitPlanned). Null when nothing was committed: no route, profile or engine, or a later
 * plan-and-commit began meanwhile. An engine failure rejects.
 */
export async function editCurrentRoute(context: RouteActionContext, edit: RouteEdit): Promise<{ previous: Route; committed: Route } | null> {
  const previous = currentRoute(context);
  const profile = currentProfile(context);
  const { routing, screen } = context;
  if (!previous || !profile || !routing) return null;
  const plan = screen.beginPlan();
  const edited = await routing.call('editRoute', { route: previous, edit, profile });
  const committed = await commitPlanned(context, plan, edited);
  return committed ? { previous, committed } : null;
}

/**
 * A route edit of edit mode (spec part 2 §4 "Route edits": "each replaces the route with the returned
 * one, stamps it with the current time, stores it as the current route"), planned and committed. A
 * removal offers Undo (the route before it comes back), as Clear does. Failures are logged.
 */
export const applyEdit = defineAction<RouteEdit>({
  name: 'applyEdit',
  isEnabled: canEditRoute,
  async perform(context, edit) {
    try {
      const done = await editCurrentRoute(context, edit);
      const removed = removalOf(edit);
      if (done && removed !== null) {
        context.screen.offerUndo({ text: removedText(removed), source: 'edit', restore: { kind: 'route', previous: done.previous } });
      }
    } catch (error) {
      console.error('Route edit failed', error);
    }
  },
});
