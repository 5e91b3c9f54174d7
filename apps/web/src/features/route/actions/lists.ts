import { deleteSavedRoute as deleteSavedRouteRow, loadRecentRoutes, loadSavedRoutes, saveRoute as saveRouteRow } from '../routeLists';
import { commitPlanned } from './planAndCommit';
import { ROUTE_DELETED_TEXT, ROUTE_SAVED_TEXT } from './texts';
import { currentProfile, currentRoute, defineAction } from './types';

type ListKind = 'recent' | 'saved';

/** Reads the recent or saved list again (a sync changed it, or it is opened). */
export const reloadList = defineAction<ListKind>({
  name: 'reloadList',
  async perform(context, kind) {
    try {
      const entries = kind === 'recent' ? await loadRecentRoutes(context.prefs) : await loadSavedRoutes(context.prefs);
      context.screen.setList(kind, entries);
    } catch (error) {
      console.error(`Could not read ${kind} routes`, error);
      context.screen.setList(kind, []);
    }
  },
});

/** Recent and Load (spec part 2 §4 "Navigation"): show the recent or saved list and read it (up to 30). */
export const openList = defineAction<ListKind>({
  name: 'openList',
  async perform(context, kind) {
    context.screen.setMode(kind);
    await reloadList.perform(context, kind);
  },
});

/**
 * Load or Modify of a list entry: parse the route string, plan and commit it, then go to navlog (Load)
 * or edit (Modify), unless the pilot chose another mode meanwhile (that choice wins) or a later
 * route was committed (then this one is dropped). Resolves true if the route became current.
 */
export const loadRoute = defineAction<{ code: string; then: 'navlog' | 'edit' }, boolean>({
  name: 'loadRoute',
  isEnabled: (context) => context.routing !== undefined && currentProfile(context) !== null,
  async perform(context, { code, then }) {
    const { routing, screen } = context;
    const profile = currentProfile(context);
    if (!routing || !profile) return false;
    const ticket = screen.modeTicket();
    const plan = screen.beginPlan();
    try {
      const parsed = await routing.call('parseRoute', { text: code, profile });
      if (!screen.isLatestPlan(plan)) return false;
      const stamped = await commitPlanned(context, plan, parsed);
      if (!stamped) return false;
      screen.setModeIfUnchanged(ticket, then);
      return true;
    } catch (error) {
      console.error('Could not load the route', error);
      return false;
    }
  },
});

/**
 * Save (spec part 2 §4 "Saving"): a routes row with deleted 'F', then 'Route Saved!'. The code is the
 * current route's string unless one is given (a Recent Routes entry).
 */
export const saveRoute = defineAction<string | undefined>({
  name: 'saveRoute',
  isEnabled: (context) => Boolean(currentRoute(context)?.final_string),
  async perform(context, code) {
    const text = code ?? currentRoute(context)?.final_string;
    if (!text) return;
    try {
      await saveRouteRow(context.prefs, text, context.now());
      context.screen.showMessage(ROUTE_SAVED_TEXT);
    } catch (error) {
      console.error('Could not save the route', error);
    }
  },
});

/** Delete of a saved route: soft delete (deleted 'T'), the list read again, and an Undo that saves it again. */
export const deleteSavedRoute = defineAction<string>({
  name: 'deleteSavedRoute',
  async perform(context, code) {
    try {
      await deleteSavedRouteRow(context.prefs, code, context.now());
    } catch (error) {
      console.error('Could not delete the route', error);
      return;
    }
    await reloadList.perform(context, 'saved');
    context.screen.offerUndo({ text: ROUTE_DELETED_TEXT, source: 'edit', restore: { kind: 'savedRoute', code } });
  },
});
