// Front door of features/route (the current route: slice and analysis): other features import only what is exported here
// (eslint.config.js feature map).
export { analysisKey } from './analysis';
export { airportSelected, analysisStarted, profileChanged, routeAnalyzed, routeCleared, routeSet, routeSynced } from './routeSlice';
export { loadProfile, useRouteAnalysis } from './useRouteAnalysis';
