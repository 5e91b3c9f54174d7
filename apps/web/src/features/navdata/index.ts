// Front door of features/navdata (nav database status and where its files live): other features import only what is exported here
// (eslint.config.js feature map).
export { selectAirportDbLoaded } from './navDataSlice';
export { DEFAULT_NAV_REGION, downloadRootFor } from './navIndex';
