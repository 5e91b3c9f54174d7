// Front door of features/navdata (the nav database slice and where its files live): other features
// import only what is exported here (eslint.config.js feature map).
export { selectAirportDbLoaded } from './navDataSlice';
export { DEFAULT_NAV_REGION, downloadRootFor } from './navRegion';
export { airportOverviewUrl, loadAirportOverview, searchAirportOverview, type OverviewAirport } from './airportOverview';
export { NAV_DB_LOADING } from './texts';
