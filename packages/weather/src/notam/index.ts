export * from './contractions.js';
export * from './decode.js';
export * from './expand.js';
export * from './times.js';
export * from './faaApi.js';
export * from './tfr.js';
export * from './corridor.js';
export * from './closedRunways.js';
