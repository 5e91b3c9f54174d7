export * from './waypoint.js';
export * from './latLon.js';
export * from './buildRoute.js';
export * from './parseRoute.js';
export * from './legs.js';
