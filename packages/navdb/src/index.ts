export * from './model.js';
export * from './api.js';
export { NavDbFormatError } from './errors.js';
export { NAVDB_FORMAT_VERSION, readNavDbHeader } from './container.js';
export { encodeNavDb } from './encode.js';
export { decodeNavDb } from './decode.js';
export { openNavDb } from './navDb.js';
export { airwayKind } from './airwayKind.js';
export { ALL_AIRPORTS_MIN_ZOOM, airportFeatures, airportsShownAt, airwayFeatures, fixFeatures, navaidFeatures } from './mapFeatures.js';
