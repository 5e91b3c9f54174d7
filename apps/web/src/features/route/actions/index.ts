// The route screen's actions (Excalidraw's actions/): each a name, a perform(context, input) and,
// where a button may do nothing, an isEnabled. RoutePage and its panels only wire them to controls.
import { pressRouteButton } from './buttons';
import { clearRoute, dismissUndo, undo } from './clear';
import { applyEdit } from './edit';
import { deleteSavedRoute, loadRoute, openList, reloadList, saveRoute } from './lists';
import { planAndCommit } from './planAndCommit';
import { saveProfile, selectAltitude, setEtd, showMode } from './profile';
import { reverseRoute } from './reverse';

export { DESTRUCTIVE_BUTTONS, modeOf, pressRouteButton, ROUTE_BUTTONS, type RouteButton } from './buttons';
export { clearRoute, dismissUndo, undo } from './clear';
export { applyEdit, removalOf } from './edit';
export { deleteSavedRoute, loadRoute, openList, reloadList, saveRoute } from './lists';
export { commitPlanned, planAndCommit } from './planAndCommit';
export { saveProfile, selectAltitude, setEtd, showMode } from './profile';
export { reverseRoute } from './reverse';
export { createRouteScreen, type RouteMode, type RouteScreen, type RouteScreenState, type UndoOffer } from './routeScreen';
export * from './texts';
export { defineAction, type RouteAction, type RouteActionContext } from './types';

/** Every route-screen action by name. */
export const ROUTE_ACTIONS = [
  applyEdit,
  clearRoute,
  deleteSavedRoute,
  dismissUndo,
  loadRoute,
  openList,
  planAndCommit,
  pressRouteButton,
  reloadList,
  reverseRoute,
  saveProfile,
  saveRoute,
  selectAltitude,
  setEtd,
  showMode,
  undo,
] as const;
