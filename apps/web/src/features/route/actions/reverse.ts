import { commitPlanned } from './planAndCommit';
import { ROUTE_REVERSED_TEXT } from './texts';
import { currentProfile, currentRoute, defineAction } from './types';

/** Reverse (spec part 2 §4 "Route edits"): the engine reverses the route, which is planned and committed; 'Route Reversed!'. */
export const reverseRoute = defineAction({
  name: 'reverseRoute',
  isEnabled: (context) => currentRoute(context) !== null && currentProfile(context) !== null && context.routing !== undefined,
  async perform(context) {
    const stored = currentRoute(context);
    const profile = currentProfile(context);
    const { routing, screen } = context;
    if (!stored || !profile || !routing) return;
    const plan = screen.beginPlan();
    try {
      const reversed = await routing.call('editRoute', { route: stored, edit: { op: 'reverseRoute' }, profile });
      if (await commitPlanned(context, plan, reversed)) screen.showMessage(ROUTE_REVERSED_TEXT);
    } catch (error) {
      console.error('Could not reverse the route', error);
    }
  },
});
