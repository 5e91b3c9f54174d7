import { canEditRoute, editCurrentRoute } from './edit';
import { ROUTE_REVERSED_TEXT } from './texts';
import { defineAction } from './types';

/** Reverse (spec part 2 §4 "Route edits"): the engine reverses the route, which is planned and committed; 'Route Reversed!'. */
export const reverseRoute = defineAction({
  name: 'reverseRoute',
  isEnabled: canEditRoute,
  async perform(context) {
    try {
      if (await editCurrentRoute(context, { op: 'reverseRoute' })) context.screen.showMessage(ROUTE_REVERSED_TEXT);
    } catch (error) {
      console.error('Could not reverse the route', error);
    }
  },
});
