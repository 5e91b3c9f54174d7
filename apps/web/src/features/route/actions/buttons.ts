import { clearRoute } from './clear';
import { openList, saveRoute } from './lists';
import { showMode } from './profile';
import { reverseRoute } from './reverse';
import type { RouteMode } from './routeScreen';
import { defineAction } from './types';

/** Bottom buttons, spelled as the spec lists them (spec part 2 §2). */
export const ROUTE_BUTTONS = ['Modify', 'NavLog', 'Profile', 'Clear', 'Recent', 'Save', 'Load', 'Reverse', 'Optimze', 'Routes'] as const;
export type RouteButton = (typeof ROUTE_BUTTONS)[number];

/** Destructive bottom buttons (kept apart from the others and undoable). */
export const DESTRUCTIVE_BUTTONS: ReadonlySet<RouteButton> = new Set<RouteButton>(['Clear']);

const MODE_OF: Partial<Record<RouteButton, RouteMode>> = {
  Modify: 'edit',
  NavLog: 'navlog',
  Profile: 'profile',
  Recent: 'recent',
  Load: 'saved',
  Optimze: 'optimizer',
};

/** The mode a bottom button shows, for its pressed look. */
export function modeOf(button: RouteButton): RouteMode | null {
  return MODE_OF[button] ?? null;
}

/** A bottom button pressed: the action it names (spec part 2 §4 "Navigation"). */
export const pressRouteButton = defineAction<RouteButton>({
  name: 'pressRouteButton',
  async perform(context, button) {
    switch (button) {
      case 'Clear':
        return clearRoute.perform(context);
      case 'Save':
        return saveRoute.perform(context, undefined);
      case 'Reverse':
        return reverseRoute.perform(context);
      case 'Recent':
        return openList.perform(context, 'recent');
      case 'Load':
        return openList.perform(context, 'saved');
      case 'Routes':
        // Does nothing (spec part 2 §2).
        return;
      default: {
        const mode = modeOf(button);
        if (mode) await showMode.perform(context, mode);
      }
    }
  },
});
