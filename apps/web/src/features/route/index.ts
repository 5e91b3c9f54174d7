// Front door of features/route (the current route: slice, analysis, commands; its screen is
// /app/route): other features import only what is exported here (eslint.config.js feature map).
export { airportSelected, routeCleared, routeSynced } from './routeSlice';
export { commitRoute } from './routeCommands';
export { loadProfile, startRouteEffects, type RouteEffects } from './routeEffects';
