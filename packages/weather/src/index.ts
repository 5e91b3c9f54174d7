export * from './fbTypes.js';
export * from './fbDecode.js';
export * from './windsSource.js';
export * from './fbStations.js';
export * from './wxCommon.js';
export * from './metar.js';
export * from './awcMetarCsv.js';
