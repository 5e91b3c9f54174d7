// Front door of features/settings (settings and units slices): other features import only what is
// exported here (eslint.config.js feature map).
export { setPerformanceMode } from './settingsSlice';
export { initialUnitsState } from './unitsSlice';
export { followDeviceColorScheme, DARK_SCHEME_QUERY, type MatchMedia } from './deviceColorScheme';
