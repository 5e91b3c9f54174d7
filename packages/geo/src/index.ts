export * from './constants.js';
export * from './units.js';
export * from './format.js';
export * from './geodesy.js';
