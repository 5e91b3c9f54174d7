import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useServices } from '../../platform/services';
import { useAppStore } from '../../store/hooks';
import { createRouteScreen, type RouteAction, type RouteActionContext, type RouteMode, type RouteScreenState } from './actions';

/** The wall clock for stamps (outside render). */
const wallClock = (): number => Date.now();

export interface RouteScreenHandle {
  state: RouteScreenState;
  context: RouteActionContext;
  /** Runs an action with this screen's context (the view's only way to change anything). */
  run<Input, Result>(action: RouteAction<Input, Result>, input: Input): Promise<Result>;
}

/** The route screen's state (outside React, one per mounted screen) and its actions' context. */
export function useRouteScreen(initialMode: RouteMode): RouteScreenHandle {
  const { prefs, routing } = useServices();
  const store = useAppStore();
  const [screen] = useState(() => createRouteScreen(initialMode));
  const state = useSyncExternalStore(screen.subscribe, screen.getState);
  const context = useMemo<RouteActionContext>(
    () => ({ dispatch: store.dispatch, getState: store.getState, prefs, routing, screen, now: wallClock }),
    [store, prefs, routing, screen],
  );
  const run = useCallback(<Input, Result>(action: RouteAction<Input, Result>, input: Input) => action.perform(context, input), [context]);
  return { state, context, run };
}
