import { combineReducers } from '@reduxjs/toolkit';
import { settingsSlice } from '../features/settings/settingsSlice';
import { unitsSlice } from '../features/settings/unitsSlice';
import { layoutSlice } from '../features/map/layoutSlice';
import { overlaysSlice } from '../features/map/overlaysSlice';
import { welcomeSlice } from '../features/welcome/welcomeSlice';
import { navDataSlice } from '../features/navdata/navDataSlice';
import { routeSlice } from '../features/route/routeSlice';
import { profileSlice } from '../features/profile/profileSlice';
import { mapStateSlice } from './mapStateSlice';
import { accountSlice } from '../features/account/accountSlice';
import { bootSlice } from './bootSlice';
import { readinessSlice } from './readinessSlice';
import { configSlice } from './configSlice';
import { appUpdateSlice } from './appUpdateSlice';
import { syncSlice } from './syncSlice';
import { inflightSlice } from '../features/inflight/inflightSlice';

/**
 * The app's state, one slice per key. Kept apart from the store's assembly (index.ts) so that the
 * listeners the store is built with (persistence.ts, listener.ts) can name RootState without
 * importing the file that imports them.
 */
export const rootReducer = combineReducers({
  settings: settingsSlice.reducer,
  units: unitsSlice.reducer,
  layout: layoutSlice.reducer,
  overlays: overlaysSlice.reducer,
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
  sync: syncSlice.reducer,
  inflight: inflightSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
