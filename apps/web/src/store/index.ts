import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { PropertyStore } from '../db/prefs';
import { settingsSlice } from '../features/settings/settingsSlice';
import { unitsSlice } from '../features/settings/unitsSlice';
import { layoutSlice } from '../features/map/layoutSlice';
import { initialWelcomeState, welcomeSlice } from '../features/welcome/welcomeSlice';
import { navDataSlice } from '../features/navdata/navDataSlice';
import { routeSlice } from '../features/route/routeSlice';
import { profileSlice } from '../features/profile/profileSlice';
import { mapStateSlice } from './mapStateSlice';
import { accountSlice } from '../features/account/accountSlice';
import { bootSlice } from './bootSlice';
import { readinessSlice } from './readinessSlice';
import { configSlice } from './configSlice';
import { appUpdateSlice } from './appUpdateSlice';
import { createPersistenceMiddleware } from './persistence';

export const rootReducer = combineReducers({
  settings: settingsSlice.reducer,
  units: unitsSlice.reducer,
  layout: layoutSlice.reducer,
  welcome: welcomeSlice.reducer,
  boot: bootSlice.reducer,
  readiness: readinessSlice.reducer,
  config: configSlice.reducer,
  appUpdate: appUpdateSlice.reducer,
  navData: navDataSlice.reducer,
  route: routeSlice.reducer,
  profile: profileSlice.reducer,
  map: mapStateSlice.reducer,
  account: accountSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

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
      const base = getDefault();
      return prefs ? base.prepend(createPersistenceMiddleware({ prefs })) : base;
    },
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
