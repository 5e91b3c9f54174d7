export * from './model.js';
export * from './perf/index.js';
export * from './nav/index.js';
export * from './proc/index.js';
export * from './parse/index.js';
export * from './edit/index.js';
export * from './fpl/index.js';
export * from './wb/index.js';
