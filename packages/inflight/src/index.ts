export * from './clock.js';
export * from './constants.js';
export * from './position.js';
export * from './navigation.js';
export * from './traffic.js';
export * from './receiver.js';
export * from './convert.js';
export * from './callouts.js';
