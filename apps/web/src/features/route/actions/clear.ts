import { commitRoute, clearRoute as clearStoredRoute } from '../routeCommands';
import { saveRoute } from '../routeLists';
import { commandDeps } from './planAndCommit';
import { reloadList } from './lists';
import { ROUTE_CLEARED_TEXT } from './texts';
import { currentRoute, defineAction } from './types';

/**
 * Clear (spec part 2 §4): "Clear empties the route and shows a 4 s snackbar with Undo (restores the
 * stored previous route) and Ok." A plan-and-commit still running (a route being loaded) no longer
 * commits after it.
 */
export const clearRoute = defineAction({
  name: 'clearRoute',
  isEnabled: (context) => currentRoute(context) !== null,
  async perform(context) {
    const previous = currentRoute(context);
    if (!previous) return;
    context.screen.beginPlan();
    await clearStoredRoute(commandDeps(context));
    context.screen.offerUndo({ text: ROUTE_CLEARED_TEXT, source: 'clear', restore: { kind: 'route', previous } });
  },
});

/** Undo of the snackbar on screen: the previous route becomes current again, or a deleted saved route is saved again. */
export const undo = defineAction({
  name: 'undo',
  isEnabled: (context) => context.screen.getState().undo !== null,
  async perform(context) {
    const offer = context.screen.takeUndo();
    if (!offer) return;
    const { restore } = offer;
    try {
      if (restore.kind === 'route') {
        context.screen.beginPlan();
        await commitRoute(commandDeps(context), restore.previous);
      } else {
        await saveRoute(context.prefs, restore.code, context.now());
        await reloadList.perform(context, 'saved');
      }
    } catch (error) {
      console.error('Could not undo', error);
    }
  },
});

/** Ok (or the snackbar's time running out): the offer goes, nothing is restored. */
export const dismissUndo = defineAction({
  name: 'dismissUndo',
  perform: async (context) => {
    context.screen.takeUndo();
  },
});
