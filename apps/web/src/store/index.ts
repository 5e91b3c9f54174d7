import { configureStore } from '@reduxjs/toolkit';
import type { PropertyStore } from '../db/prefs';
import { initialWelcomeState } from '../features/welcome/welcomeSlice';
import { createPersistenceMiddleware } from './persistence';
import { createAppListenerMiddleware } from './listener';
import { rootReducer } from './rootReducer';

export { rootReducer, type RootState } from './rootReducer';
export { addAppListener, type AppStartListening } from './listener';

export interface StoreOptions {
  /** Where persisted preferences are written; omit for a store that persists nothing (some tests). */
  prefs?: PropertyStore;
  /** navigator.onLine at start. */
  online?: boolean;
}

export function makeStore({ prefs, online = true }: StoreOptions = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: { welcome: initialWelcomeState(online) },
    middleware: (getDefault) => {
      // App-wide effects are added to this one at run time (addAppListener, store/listener.ts).
      const base = getDefault().prepend(createAppListenerMiddleware().middleware);
      return prefs ? base.prepend(createPersistenceMiddleware({ prefs })) : base;
    },
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
