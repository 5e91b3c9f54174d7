export * from './model.js';
export * from './api.js';
export { NavDbFormatError } from './errors.js';
export { NAVDB_FORMAT_VERSION, readNavDbHeader } from './container.js';
export { encodeNavDb } from './encode.js';
export { decodeNavDb } from './decode.js';
export { openNavDb } from './navDb.js';
export { airwayKind } from './airwayKind.js';
export { ALL_AIRPORTS_MIN_ZOOM, airportFeatures, airportsShownAt, airwayFeatures, fixFeatures, navaidFeatures } from './mapFeatures.js';
export { DAY_MS, EXPIRY_WARNING_DAYS, cycleStatus, isoDay, utcDayMs, type CycleStatus, type CycleValidity } from './cycleDates.js';
export { airportWordSuffixes, matchAirport, rankAirports, type AirportMatch, type SearchableAirport } from './airportMatch.js';
export {
  airportsAlongRoute,
  routeLegs,
  routePosition,
  DEFAULT_CORRIDOR_NM,
  DEFAULT_CORRIDOR_TYPES,
  MAX_CORRIDOR_NM,
  type CorridorAirport,
  type CorridorInclude,
  type CorridorOptions,
  type CorridorResult,
  type CorridorRole,
  type RoutePosition,
} from './corridor.js';
