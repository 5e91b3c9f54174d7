export * from './fbTypes.js';
export * from './fbDecode.js';
export * from './windsSource.js';
export * from './fbStations.js';
