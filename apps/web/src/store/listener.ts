import {
  addListener,
  createListenerMiddleware,
  type ListenerMiddlewareInstance,
  type ThunkDispatch,
  type TypedStartListening,
  type UnknownAction,
} from '@reduxjs/toolkit';
import type { RootState } from './rootReducer';

/**
 * App-wide effects (Redux Toolkit's listener middleware): behaviour that must run whatever page is
 * mounted (route restore and analysis, sync requests) is a listener on the store, added by a
 * service started at boot (`dispatch(addAppListener(...))` returns its unsubscribe), never an
 * effect inside a component.
 */

/** The dispatch a listener effect gets (thunks and plain actions). */
export type ListenerDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
export type AppStartListening = TypedStartListening<RootState, ListenerDispatch>;
export type AppListenerMiddleware = ListenerMiddlewareInstance<RootState, ListenerDispatch>;

/** Adds a typed listener to a store made by makeStore; dispatching it returns the unsubscribe. */
export const addAppListener = addListener.withTypes<RootState, ListenerDispatch>();

/** The listener middleware every store gets (one per store: tests make many). */
export function createAppListenerMiddleware(): AppListenerMiddleware {
  return createListenerMiddleware<RootState, ListenerDispatch>();
}
