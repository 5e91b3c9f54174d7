export * from './constants.js';
export * from './units.js';
export * from './format.js';
export * from './geodesy.js';
export * from './ellipsoid.js';
export * from './magvar.js';
export * from './angles.js';
export * from './dms.js';
