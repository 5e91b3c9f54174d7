export * from './flightPlan.js';
export * from './optimizer.js';
export * from './windTriangle.js';
export * from './variation.js';
