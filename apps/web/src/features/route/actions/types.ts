import type { AircraftProfile, Route } from '@clearway/flightplan';
import type { PropertyStore } from '../../../db/prefs';
import type { AppDispatch, RootState } from '../../../store';
import type { RoutingWorkerFacade } from '../../../worker/facade';
import type { RouteScreen } from './routeScreen';

/** What a route-screen action may use: the app store, the services and the screen's own state. */
export interface RouteActionContext {
  dispatch: AppDispatch;
  getState: () => RootState;
  prefs: PropertyStore | undefined;
  /** The local engine (parse, plan, edit, optimizer); absent before it is ready and in some tests. */
  routing: Pick<RoutingWorkerFacade, 'call'> | undefined;
  screen: RouteScreen;
  /** The wall clock for stamps. */
  now: () => number;
}

/**
 * A named route-screen action (Excalidraw's `actions/`): `perform` does the work (store, prefs,
 * engine, screen state) and resolves when it is done; it never throws (failures are logged, as the
 * buttons did). `isEnabled` says whether a button for it does anything now.
 */
export interface RouteAction<Input = void, Result = void> {
  readonly name: string;
  isEnabled?(context: RouteActionContext): boolean;
  perform(context: RouteActionContext, input: Input): Promise<Result>;
}

/** Writes an action with its types checked (`register` in Excalidraw). */
export function defineAction<Input = void, Result = void>(action: RouteAction<Input, Result>): RouteAction<Input, Result> {
  return action;
}

/** The aircraft profile the screen plans with (the screen shows only once one is loaded). */
export function currentProfile(context: RouteActionContext): AircraftProfile | null {
  return context.getState().profile.current;
}

/** The stored current route (not a local Direct To route). */
export function currentRoute(context: RouteActionContext): Route | null {
  return context.getState().route.current;
}
