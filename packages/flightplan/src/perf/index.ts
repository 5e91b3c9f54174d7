export * from './flightPlan.js';
export * from './optimizer.js';
export * from './windTriangle.js';
export * from './variation.js';
export * from './routeProfile.js';
export * from './profileOverlays.js';
export * from './terrarium.js';
